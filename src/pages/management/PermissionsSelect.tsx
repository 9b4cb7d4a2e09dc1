import { useTranslate } from '@refinedev/core';
import { Select } from 'antd';
import { useMemo } from 'react';
import type { Profile } from '../../domain';
import { deniablePermissions } from './formModel';

interface Props {
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  /** Only what this profile holds can be denied. */
  profile?: Profile | null;
}

/** Permissions chosen from the matrix by their Portuguese names; nothing can be typed in. */
export const PermissionsSelect = ({ id, value, onChange, profile }: Props) => {
  const t = useTranslate();
  const options = useMemo(
    () =>
      deniablePermissions(profile)
        .map((p) => ({ value: p, label: t(`permissions.${p}`) }))
        .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR')),
    [profile, t],
  );
  // A permission denied before the profile changed stays listed, so it can be removed.
  const extra = (value ?? []).filter((v) => !options.some((o) => o.value === v)).map((v) => ({ value: v, label: t(`permissions.${v}`) }));
  return (
    <Select
      id={id}
      mode="multiple"
      value={value ?? []}
      onChange={(v: string[]) => onChange?.(v)}
      options={[...options, ...extra]}
      optionFilterProp="label"
      placeholder={t('management.noneSelected')}
      allowClear
    />
  );
};
