import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Progress, Space, Typography } from 'antd';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { FAVICON_EXTENSIONS, FAVICON_MAX_BYTES } from '../../domain/management';
import '../../i18n/loadWorkspaceMessages';
import { useUpload } from '../../hooks/useUpload';
import type { FaviconValue } from './formModel';

interface Props {
  id?: string;
  value?: FaviconValue;
  onChange?: (value: FaviconValue) => void;
  /** The storage flow's admSlug: the brand's own (`adm-<admId>`) once it exists. */
  admSlug: string;
  label: string;
}

const KB = Math.round(FAVICON_MAX_BYTES / 1024);
const ACCEPT = FAVICON_EXTENSIONS.map((e) => `.${e}`).join(',');

/**
 * The brand's icon: sent through the storage flow (the same upload hook as every file), previewed
 * from the picked file at once; the brand's save names the stored file (`faviconFile`).
 */
export const FaviconField = ({ id, value, onChange, admSlug, label }: Props) => {
  const t = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const statusId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useRef<string | null>(null);
  const { state, start, cancel } = useUpload(admSlug);
  const uploading = state.status === 'uploading';

  useEffect(() => () => void (preview.current && URL.revokeObjectURL(preview.current)), []);

  const picked = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(FAVICON_EXTENSIONS as readonly string[]).includes(extension)) return setProblem(t('management.administrators.faviconType'));
    if (file.size > FAVICON_MAX_BYTES) return setProblem(t('management.administrators.faviconTooLarge', { kb: KB }));
    setProblem(null);
    const ref = await start(file);
    if (!ref) return;
    if (preview.current) URL.revokeObjectURL(preview.current);
    preview.current = URL.createObjectURL(file);
    onChange?.({ file: ref, preview: preview.current });
  };

  const src = typeof value === 'string' ? value : value?.preview;
  const error = problem ?? (state.status === 'error' ? state.error : null);
  return (
    <div>
      <input ref={input} type="file" accept={ACCEPT} style={{ display: 'none' }} onChange={(e) => void picked(e)} data-testid={id ? `${id}-input` : undefined} tabIndex={-1} aria-hidden />
      <Space wrap align="center">
        {src ? (
          <img src={src} alt={t('management.administrators.faviconPreview')} width={32} height={32} style={{ objectFit: 'contain', border: '1px solid #f0f0f0', borderRadius: 4 }} />
        ) : (
          <Typography.Text type="secondary">{t('management.administrators.faviconNone')}</Typography.Text>
        )}
        <Button id={id} icon={<UploadOutlined aria-hidden />} onClick={() => input.current?.click()} disabled={uploading} aria-describedby={statusId} aria-label={`${src ? t('management.administrators.faviconReplace') : t('management.administrators.faviconPick')}: ${label}`}>
          {src ? t('management.administrators.faviconReplace') : t('management.administrators.faviconPick')}
        </Button>
        {uploading && (
          <Button size="small" onClick={cancel}>
            {t('upload.cancel')}
          </Button>
        )}
        {src && !uploading && (
          <Button type="text" icon={<DeleteOutlined aria-hidden />} aria-label={t('management.administrators.faviconRemove')} onClick={() => onChange?.(null)} />
        )}
      </Space>
      <div id={statusId} aria-live="polite">
        {uploading && <Progress percent={state.percent} size="small" status="active" aria-label={t('upload.progress', { name: state.fileName ?? '' })} />}
        {error && (
          <div role="alert" style={{ color: '#d32f2f' }}>
            {error}
          </div>
        )}
      </div>
    </div>
  );
};
