import { DownloadOutlined } from '@ant-design/icons';
import { useNotification, useTranslate, type HttpError } from '@refinedev/core';
import { Button } from 'antd';
import { useState } from 'react';
import type { FileRef, GeneratedLink } from '../domain';
import { useApiCall } from '../hooks/useApi';
// Its label ('Baixar …') is a workspace message; the player files list has not loaded those.
import '../i18n/loadWorkspaceMessages';

/** A file name that downloads through a short-lived signed link (POST /storage/generate_link). */
export const FileLink = ({ file }: { file: Pick<FileRef, 'fileName' | 'filePath'> }) => {
  const t = useTranslate();
  const call = useApiCall();
  const { open } = useNotification();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const link = await call<GeneratedLink>('storage.generateLink', { filePath: file.filePath });
      window.open(link.url, '_blank', 'noopener');
    } catch (e) {
      open?.({ type: 'error', message: t('errors.title'), description: (e as HttpError).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="link" size="small" icon={<DownloadOutlined aria-hidden />} loading={busy} onClick={download} aria-label={t('workspace.documents.download', { name: file.fileName })}>
      {file.fileName}
    </Button>
  );
};

export default FileLink;
