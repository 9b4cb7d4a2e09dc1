import { useSelect } from '@refinedev/antd';
import { useTranslate } from '@refinedev/core';
import { Select, type SelectProps } from 'antd';
import type { FieldDef } from '../../resources';
import { SHARE_FILTER } from '../../resources/shareFilters';

interface Props {
  id?: string;
  value?: string | number | null;
  onChange?: (value: string | number | null) => void;
  reference: NonNullable<FieldDef['reference']>;
  disabled?: boolean;
}

/**
 * A record of another resource, listed by its list call: typing searches it on the server (the
 * reference lists' `search`, fed by the same `q` control as their filter bar).
 */
export const ReferenceSelect = ({ id, value, onChange, reference, disabled }: Props) => {
  const t = useTranslate();
  const { selectProps } = useSelect({
    resource: reference.resource,
    optionLabel: reference.labelField as never,
    optionValue: reference.valueField as never,
    onSearch: (text) => (text.trim() ? [{ field: SHARE_FILTER.q.field, operator: SHARE_FILTER.q.operator, value: text }] : []),
    defaultValue: value ?? undefined,
    pagination: { pageSize: 20, mode: 'server' },
    debounce: 300,
  });
  return (
    <Select<string | number>
      {...(selectProps as SelectProps<string | number>)}
      id={id}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      allowClear
      disabled={disabled}
      placeholder={t('management.searchPlaceholder')}
      notFoundContent={t('management.referenceEmpty')}
    />
  );
};
