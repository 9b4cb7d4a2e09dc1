import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Space } from 'antd';
import { useRef, type ChangeEvent } from 'react';
import { ACCEPT } from '../../hooks/storageUpload';

interface Props {
  id?: string;
  value?: File | null;
  onChange?: (file: File | null) => void;
  disabled?: boolean;
}

/**
 * Picks a file without sending it: the modal sends it with the rest of the form. The picker is a
 * button (Tab, then Enter or Space).
 */
export const FilePick = ({ id, value, onChange, disabled }: Props) => {
  const t = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const picked = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0] ?? null;
    e.target.value = '';
    if (file) onChange?.(file);
  };
  return (
    <Space wrap>
      <input ref={input} type="file" accept={ACCEPT} style={{ display: 'none' }} onChange={picked} data-testid="player-file-input" tabIndex={-1} aria-hidden />
      <Button id={id} icon={<UploadOutlined aria-hidden />} onClick={() => input.current?.click()} disabled={disabled}>
        {value ? t('playerFiles.sendModal.replace') : t('playerFiles.sendModal.pick')}
      </Button>
      {value && (
        <span aria-label={t('playerFiles.sendModal.picked', { name: value.name })}>
          <PaperClipOutlined aria-hidden /> {value.name}
        </span>
      )}
    </Space>
  );
};
