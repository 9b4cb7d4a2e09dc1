import { getDefaultFilter, useCan, useList, usePermissions, useTranslate, type CrudFilter } from '@refinedev/core';
import { Button, Select, Space } from 'antd';
// The search box's own module: antd's Input entry also brings TextArea, Password and OTP.
import Search from 'antd/es/input/Search';
import { useMemo, useState } from 'react';
import { FEATURE_FLAGS, PROFILES, SHARE_STATES, type FundItem, type ShareListItem } from '../../domain';
import type { Permissions } from '../../providers/authProvider';
import type { ResourceDef } from '../../resources';
import { shareFilter, toShareListFilters } from '../../resources/shareFilters';
import { UpdatedAtRangeSlot } from './UpdatedAtRangeSlot';

interface Props {
  def: ResourceDef;
  filters: CrudFilter[];
  apply: (changes: CrudFilter[]) => void;
  clear: () => void;
  rows: readonly Record<string, unknown>[];
}

const CONTROL_WIDTH = 220;
/**
 * The content area is the viewport less the sider (80 px collapsed, as on a phone) and the page's
 * padding: a control wider than that would push the page sideways at 390 px.
 */
const fit = (px: number) => `min(${px}px, calc(100vw - 128px))`;

/**
 * Text is applied on Enter or the search button, not per keystroke, so the URL and the server stay
 * calm. When the applied text changes under the box (clear filters, back button), the box follows.
 */
const SearchBox = ({ value, onSearch, placeholderKey = 'shares.searchPlaceholder' }: { value: string; onSearch: (q: string) => void; placeholderKey?: string }) => {
  const t = useTranslate();
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  if (applied !== value) {
    setApplied(value);
    setText(value);
  }
  return (
    <Search
      aria-label={t('shares.search')}
      placeholder={t(placeholderKey)}
      allowClear
      value={text}
      onChange={(e) => setText(e.target.value)}
      onSearch={(q) => onSearch(q.trim())}
      enterButton={t('shares.search')}
      style={{ width: fit(360) }}
    />
  );
};

const withAdministrators = (known: Map<number, string>, rows: Props['rows']): Map<number, string> => {
  let next: Map<number, string> | null = null;
  for (const r of rows as Partial<ShareListItem>[]) {
    if (typeof r.admId === 'number' && r.admName && known.get(r.admId) !== r.admName) {
      next ??= new Map(known);
      next.set(r.admId, r.admName);
    }
  }
  return next ?? known;
};

/**
 * There is no call that lists administrators, so the options are the ones seen in the rows so far,
 * plus the one selected in the URL (shown by id until a row names it).
 */
const AdministratorSelect = ({ value, rows, onChange }: { value?: number; rows: Props['rows']; onChange: (v?: number) => void }) => {
  const t = useTranslate();
  // Accumulated across pages: React's "adjust state when a prop changes" pattern, no effect needed.
  const [seen, setSeen] = useState<{ rows: Props['rows'] | null; known: Map<number, string> }>({ rows: null, known: new Map() });
  if (seen.rows !== rows) setSeen({ rows, known: withAdministrators(seen.known, rows) });
  const known = seen.known;
  const options = useMemo(() => {
    const list = [...known].map(([id, name]) => ({ value: id, label: name }));
    if (value !== undefined && !known.has(value)) list.push({ value, label: `#${value}` });
    return list.sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
  }, [known, value]);
  return (
    <Select
      aria-label={t('shares.filterAdministrator')}
      placeholder={t('shares.filterAdministrator')}
      allowClear
      showSearch
      optionFilterProp="label"
      value={value}
      options={options}
      onChange={(v) => onChange(v ?? undefined)}
      style={{ width: CONTROL_WIDTH }}
    />
  );
};

const FundSelect = ({ value, onChange }: { value?: number; onChange: (v?: number) => void }) => {
  const t = useTranslate();
  const { result, query } = useList<FundItem>({ resource: 'funds', pagination: { currentPage: 1, pageSize: 100 } });
  const options = result.data.map((f) => ({ value: f.fundId, label: f.name }));
  if (value !== undefined && !options.some((o) => o.value === value)) options.push({ value, label: `#${value}` });
  return (
    <Select
      aria-label={t('shares.filterFund')}
      placeholder={t('shares.filterFund')}
      allowClear
      showSearch
      optionFilterProp="label"
      loading={query.isLoading}
      value={value}
      options={options}
      onChange={(v) => onChange(v ?? undefined)}
      style={{ width: CONTROL_WIDTH }}
    />
  );
};

/** The filter bar. Every control shows what the URL says, so a reload shows the filters it applies. */
export const ListFilters = ({ def, filters, apply, clear, rows }: Props) => {
  const t = useTranslate();
  const { data: permissions } = usePermissions<Permissions>({});
  const { data: fundAccess } = useCan({ action: 'fund.list' });
  const current = toShareListFilters(filters);
  const shows = (k: ResourceDef['filters'][number]) => def.filters.includes(k);

  const showAdministrator = shows('admId') && permissions?.profile === 'operator';
  const showFund = shows('fundId') && FEATURE_FLAGS.displayFundFilters && fundAccess?.can === true;
  const stateOptions = (def.stateOptions ?? SHARE_STATES).map((s) => ({ value: s, label: t(`shareState.${s}`) }));
  const profile = getDefaultFilter('profile', filters, 'eq') as string | undefined;

  return (
    <Space wrap size="middle" style={{ marginBottom: 16 }} role="search">
      {shows('q') && <SearchBox value={current.q ?? ''} onSearch={(q) => apply([shareFilter('q', q)])} placeholderKey={def.searchPlaceholderKey} />}
      {def.selectFilters?.map((f) => {
        const value = getDefaultFilter(f.field, filters, f.operator) as string | string[] | undefined;
        const multiple = f.operator === 'in';
        return (
          <Select
            key={f.field}
            mode={multiple ? 'multiple' : undefined}
            aria-label={t(f.labelKey)}
            placeholder={t(f.labelKey)}
            allowClear
            maxTagCount={multiple ? 3 : undefined}
            // The URL gives one value as a string even for a multi-select.
            value={multiple ? (value === undefined ? [] : ([] as string[]).concat(value)) : value}
            options={f.options.map((o) => ({ value: o.value, label: t(o.labelKey) }))}
            onChange={(v?: string | string[]) => {
              const empty = v === undefined || (Array.isArray(v) && v.length === 0);
              apply([{ field: f.field, operator: f.operator, value: empty ? undefined : v }]);
            }}
            style={{ minWidth: fit(multiple ? 260 : 180) }}
          />
        );
      })}
      {shows('state') && (
        <Select
          mode="multiple"
          aria-label={t('shares.filterState')}
          placeholder={t('shares.filterState')}
          allowClear
          maxTagCount={3}
          value={current.state ?? []}
          options={stateOptions}
          onChange={(v) => apply([shareFilter('state', v)])}
          style={{ minWidth: fit(260) }}
        />
      )}
      {shows('isPj') && (
        <Select
          aria-label={t('shares.filterPersonType')}
          placeholder={t('shares.filterPersonType')}
          allowClear
          value={current.isPj === undefined ? undefined : current.isPj ? 'pj' : 'pf'}
          options={[
            { value: 'pf', label: t('shares.pf') },
            { value: 'pj', label: t('shares.pj') },
          ]}
          onChange={(v?: string) => apply([shareFilter('isPj', v === undefined ? undefined : v === 'pj')])}
          style={{ width: 160 }}
        />
      )}
      {showAdministrator && <AdministratorSelect value={current.admId} rows={rows} onChange={(v) => apply([shareFilter('admId', v)])} />}
      {showFund && <FundSelect value={current.fundId} onChange={(v) => apply([shareFilter('fundId', v)])} />}
      {shows('updatedAt') && (
        <UpdatedAtRangeSlot
          from={current.updatedFrom}
          to={current.updatedTo}
          onChange={(from, to) => apply([shareFilter('updatedFrom', from), shareFilter('updatedTo', to)])}
        />
      )}
      {shows('profile') && (
        <Select
          aria-label={t('users.profile')}
          placeholder={t('users.profile')}
          allowClear
          value={profile}
          options={PROFILES.map((p) => ({ value: p, label: t(`profile.${p}`) }))}
          onChange={(v?: string) => apply([{ field: 'profile', operator: 'eq', value: v }])}
          style={{ width: 180 }}
        />
      )}
      <Button onClick={clear}>{t('shares.clearFilters')}</Button>
    </Space>
  );
};
