import { getDefaultFilter, useSelect, useTranslate } from '@refinedev/core';
import { Button, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES, PAGINATION } from '../../domain';
import type { FilterBarProps } from '../../resources';
import { useNarrow } from '../list/ListFilters';
import UpdatedAtRange from '../list/UpdatedAtRange';
import '../../i18n/loadAuditMessages';

const fit = (px: number) => `min(${px}px, calc(100vw - 128px))`;
const OBJECT_MAX = 200;

/**
 * The audit trail's filters (issue 18): who (searched on the server among the people of the entries
 * the user may read), what kind of object and which one (an id, or a share's contract), which
 * actions and which days. Every control shows what the URL says, so a reload keeps them.
 */
const AuditFilters = ({ filters, apply, clear }: FilterBarProps) => {
  const t = useTranslate();
  const narrow = useNarrow();
  const value = (field: string) => getDefaultFilter(field, filters, 'eq') as string | undefined;
  const actions = ([] as string[]).concat((getDefaultFilter('action', filters, 'in') as string[] | string | undefined) ?? []);
  const applied = value('object') ?? '';
  const [object, setObject] = useState(applied);
  const [seen, setSeen] = useState(applied);
  if (seen !== applied) {
    setSeen(applied);
    setObject(applied);
  }
  const tooLong = object.trim().length > OBJECT_MAX;

  const { options: userOptions, onSearch, query } = useSelect<{ userId: string; name: string; email: string }>({
    resource: 'auditUsers',
    optionLabel: (u) => `${u.name} (${u.email})`,
    optionValue: 'userId',
    onSearch: (text) => (text.trim() ? [{ field: 'q', operator: 'eq', value: text.trim() }] : []),
    pagination: { pageSize: PAGINATION.maxLimit, mode: 'server' },
    debounce: 300,
  });
  const userId = value('userId');

  const set = (field: string, v: unknown, operator: 'eq' | 'in' = 'eq') => apply([{ field, operator, value: v === '' || (Array.isArray(v) && v.length === 0) ? undefined : v }]);

  return (
    <Space wrap size={[8, 8]} style={{ marginBottom: 16 }}>
      <Select
        aria-label={t('audit.filters.user')}
        placeholder={t('audit.filters.user')}
        allowClear
        showSearch
        filterOption={false}
        onSearch={onSearch}
        loading={query.isLoading}
        value={userId}
        labelRender={({ value: v, label }) => label ?? (query.isLoading ? '' : String(v))}
        options={userOptions.map((o) => ({ value: String(o.value), label: String(o.label) }))}
        onChange={(v?: string) => set('userId', v)}
        style={{ width: fit(260) }}
      />
      <Select
        aria-label={t('audit.filters.objectType')}
        placeholder={t('audit.filters.objectType')}
        allowClear
        value={value('objectType')}
        options={AUDIT_OBJECT_TYPES.map((o) => ({ value: o, label: t(`audit.objects.${o}`) }))}
        onChange={(v?: string) => set('objectType', v)}
        style={{ width: fit(180) }}
      />
      <Input.Search
        aria-label={t('audit.filters.object')}
        aria-invalid={tooLong || undefined}
        status={tooLong ? 'error' : undefined}
        placeholder={t('audit.filters.objectPlaceholder')}
        value={object}
        onChange={(e) => setObject(e.target.value)}
        onSearch={(v) => {
          if (v.trim().length <= OBJECT_MAX) set('object', v.trim());
        }}
        enterButton={t('audit.filters.search')}
        style={{ width: fit(300) }}
      />
      <Select
        mode="multiple"
        aria-label={t('audit.filters.action')}
        placeholder={t('audit.filters.action')}
        allowClear
        maxTagCount={2}
        optionFilterProp="label"
        value={actions}
        options={AUDIT_ACTIONS.map((a) => ({ value: a, label: `${t(`audit.objects.${a.split('.')[0]}`)}: ${t(`audit.actions.${a}`)}` }))}
        onChange={(v: string[]) => set('action', v, 'in')}
        style={{ minWidth: fit(280) }}
      />
      <UpdatedAtRange
        from={value('from')}
        to={value('to')}
        split={narrow}
        labelKeys={{ group: 'audit.filters.period', from: 'audit.filters.from', to: 'audit.filters.to' }}
        onChange={(from, to) =>
          apply([
            { field: 'from', operator: 'eq', value: from },
            { field: 'to', operator: 'eq', value: to },
          ])
        }
      />
      <Button onClick={clear}>{t('audit.filters.clear')}</Button>
    </Space>
  );
};

export default AuditFilters;
