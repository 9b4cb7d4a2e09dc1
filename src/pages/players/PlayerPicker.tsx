import { useList, useTranslate } from '@refinedev/core';
import { Alert, Button, Select } from 'antd';
import { useEffect, useState } from 'react';
import type { PlayerItem } from '../../domain';
import { formatDocument } from '../../components/formatters';
import { BY_NAME } from '../../resources/referenceFilters';
import { SHARE_FILTER } from '../../resources/shareFilters';
import { AlertIcon } from '../../components/AlertIcon';

export interface PickedPlayer {
  value: number;
  label: string;
}

interface Props {
  id?: string;
  value?: PickedPlayer[];
  onChange?: (value: PickedPlayer[]) => void;
  disabled?: boolean;
}

/** Waits for a pause in the typing, so the list is asked once per search, not once per key. */
const useSettled = (text: string, ms = 300): string => {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const id = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(id);
  }, [text, ms]);
  return settled;
};

/**
 * One or many players, searched on the server (name or document, like the players list). Disabled
 * players are listed but cannot be picked; the picked ones keep their names across searches.
 */
export const PlayerPicker = ({ id, value, onChange, disabled }: Props) => {
  const t = useTranslate();
  const [text, setText] = useState('');
  const search = useSettled(text.trim());
  const { result, query } = useList<PlayerItem>({
    resource: 'players',
    filters: search ? [{ ...SHARE_FILTER.q, value: search }] : [],
    sorters: BY_NAME,
    pagination: { currentPage: 1, pageSize: 50 },
  });
  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        icon={<AlertIcon type="error" />}
        role="alert"
        message={t('playerFiles.sendModal.playersError')}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('playerFiles.sendModal.retry')}
          </Button>
        }
      />
    );
  }
  const options = result.data.map((p) => ({
    value: p.playerId,
    label: p.enabled ? `${p.name} · ${formatDocument(p.document)}` : t('playerFiles.sendModal.playerDisabled', { name: p.name }),
    disabled: !p.enabled,
  }));
  return (
    <Select<PickedPlayer[]>
      id={id}
      mode="multiple"
      labelInValue
      showSearch
      filterOption={false}
      searchValue={text}
      onSearch={setText}
      onBlur={() => setText('')}
      loading={query.isFetching}
      disabled={disabled}
      placeholder={t('playerFiles.sendModal.playersPlaceholder')}
      notFoundContent={query.isFetching ? null : t('playerFiles.sendModal.playersEmpty')}
      value={value}
      options={options}
      onChange={(v) => onChange?.(v.map((p) => ({ value: Number(p.value), label: String(p.label) })))}
    />
  );
};
