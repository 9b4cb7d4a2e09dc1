import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Progress, Space } from 'antd';
import { useEffect, useId, useRef, type ChangeEvent } from 'react';
import type { FileRef } from '../../domain';
import '../../i18n/loadWorkspaceMessages';
import { useUpload, type UploadState } from '../../hooks/useUpload';
import { ACCEPT } from '../../hooks/storageUpload';

export interface FileUploadProps {
  /** antd Form control protocol. */
  value?: FileRef | null;
  onChange?: (file: FileRef | null) => void;
  admSlug: string;
  /** Accessible name of the picker button (the field's label). */
  label?: string;
  id?: string;
  disabled?: boolean;
  /** Each change of the upload (uploading, done, error), for a form field that shows its message (FileField). */
  onStatus?: (state: UploadState) => void;
  /** Off when a form field shows the error as the field's message, so it is said once. */
  showError?: boolean;
}

/**
 * Picks one file and sends it through the storage flow with a real progress bar. The picker is a
 * button (keyboard: Tab then Enter or Space); errors read as an alert next to it.
 */
export const FileUpload = ({ value, onChange, admSlug, label, id, disabled, onStatus, showError = true }: FileUploadProps) => {
  const t = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const statusId = useId();
  const { state, start, cancel, reset } = useUpload(admSlug, (ref) => onChange?.(ref));
  const uploading = state.status === 'uploading';
  // FileField's callback is stable (useCallback): it hears each change of the upload once.
  useEffect(() => onStatus?.(state), [state, onStatus]);
  // Controlled by a form (value) or not: the last stored file's name either way.
  const shown = value?.fileName ?? (state.status === 'done' ? state.fileName : null);

  const picked = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    onChange?.(null);
    void start(file);
  };

  return (
    <div>
      <input ref={input} type="file" accept={ACCEPT} style={{ display: 'none' }} onChange={picked} data-testid={id ? `${id}-input` : undefined} tabIndex={-1} aria-hidden />
      <Space wrap>
        <Button id={id} icon={<UploadOutlined aria-hidden />} onClick={() => input.current?.click()} disabled={disabled || uploading} aria-describedby={statusId} aria-label={label ? `${shown ? t('upload.replace') : t('upload.pick')}: ${label}` : undefined}>
          {shown ? t('upload.replace') : t('upload.pick')}
        </Button>
        {uploading && (
          <Button onClick={cancel} size="small">
            {t('upload.cancel')}
          </Button>
        )}
      </Space>
      <div id={statusId} aria-live="polite">
        {uploading && (
          <Progress percent={state.percent} size="small" status="active" aria-label={t('upload.progress', { name: state.fileName ?? '' })} />
        )}
        {shown && !uploading && (
          <Space>
            <PaperClipOutlined aria-hidden />
            <span>{shown}</span>
            <Button
              type="text"
              size="small"
              icon={<DeleteOutlined aria-hidden />}
              aria-label={t('upload.remove', { name: shown })}
              onClick={() => {
                reset();
                onChange?.(null);
              }}
            />
          </Space>
        )}
        {showError && state.status === 'error' && state.error && (
          <div role="alert" style={{ color: '#d32f2f' }}>
            {state.error}
          </div>
        )}
      </div>
    </div>
  );
};

export default FileUpload;
