import { UploadOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Alert, Button, Progress, Space } from 'antd';
import { useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import '../../i18n/loadWorkspaceMessages';
import type { FileRef } from '../../domain';
import { useUpload } from '../../hooks/useUpload';
import { AlertIcon } from '../../components/AlertIcon';

export interface FilePickerProps {
  admSlug: string;
  /** The picker's text (and accessible name). */
  label: string;
  /** `accept` of the file input; `allowed` refuses other extensions before any upload. */
  accept?: string;
  allowed?: readonly string[];
  wrongTypeText?: string;
  /** Refuses a bigger file before any upload, with `tooLargeText(size)`: nothing is sent, nothing stored. */
  maxBytes?: number;
  tooLargeText?: (size: number) => string;
  icon?: ReactNode;
  disabled?: boolean;
  /** Called with the stored file; its promise keeps the picker busy (the add_file call). */
  onUploaded: (file: FileRef) => Promise<unknown>;
  testId?: string;
}

/**
 * A button that sends one file through the storage flow with a progress bar, then hands it over
 * (to add_file). The shared FileUpload is a form control that keeps the file; here the file goes
 * straight to the auction, so only the upload hook is reused.
 */
export const UploadingPicker = ({ admSlug, label, accept, allowed, wrongTypeText, maxBytes, tooLargeText, icon = <UploadOutlined aria-hidden />, disabled, onUploaded, testId }: FilePickerProps) => {
  const t = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const statusId = useId();
  const [busy, setBusy] = useState(false);
  /** Why the file picked was refused before any upload (its type, its size), or null. */
  const [refused, setRefused] = useState<string | null>(null);
  const { state, start, cancel, reset } = useUpload(admSlug);
  const uploading = state.status === 'uploading';

  const picked = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    const problem =
      allowed && !allowed.includes(ext) ? (wrongTypeText ?? '') : maxBytes !== undefined && file.size > maxBytes ? (tooLargeText?.(file.size) ?? '') : null;
    setRefused(problem);
    if (problem !== null) {
      reset();
      return;
    }
    const ref = await start(file);
    if (!ref) return;
    setBusy(true);
    try {
      await onUploaded(ref);
    } catch {
      // The write shows its own error toast.
    } finally {
      setBusy(false);
      reset();
    }
  };

  return (
    <div>
      <input ref={input} type="file" accept={accept} style={{ display: 'none' }} onChange={(e) => void picked(e)} data-testid={testId} tabIndex={-1} aria-hidden />
      <Space wrap>
        <Button icon={icon} onClick={() => input.current?.click()} disabled={disabled || uploading || busy} loading={busy} aria-describedby={statusId}>
          {label}
        </Button>
        {uploading && (
          <Button size="small" onClick={cancel}>
            {t('upload.cancel')}
          </Button>
        )}
      </Space>
      <div id={statusId} aria-live="polite">
        {uploading && <Progress percent={state.percent} size="small" status="active" aria-label={t('upload.progress', { name: state.fileName ?? '' })} />}
        {state.status === 'error' && state.error && <Alert type="error" showIcon icon={<AlertIcon type="error" />} role="alert" message={state.error} style={{ marginTop: 8 }} />}
        {refused && <Alert type="error" showIcon icon={<AlertIcon type="error" />} role="alert" message={refused} style={{ marginTop: 8 }} data-testid={testId ? `${testId}-refused` : undefined} />}
      </div>
    </div>
  );
};
