/**
 * The Exportar dialog (issue 18), its own chunk: the format, then the file streaming from the server
 * with its rows counted against the total the server expects, cancelable, saved under the list's
 * Portuguese name and the day.
 */
import { useNotification, useTranslate, type CrudFilter, type CrudSort } from '@refinedev/core';
import { Alert, Button, Modal, Progress, Radio, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { AlertIcon } from '../../components/AlertIcon';
import type { ExportColumn, ExportFormat } from '../../domain';
import { useListExport, type ExportedFile } from '../../hooks/useListExport';
import { errorText } from '../../providers/notificationProvider';
import type { ColumnDef } from '../../resources';
import { exportColumnsOf } from '../../resources/exportColumns';
import { rowCounter } from './exportProgress';

export interface ExportDialogProps {
  /** The Refine resource whose list is exported. */
  resource: string;
  /** The list's name, as its title reads: the file's and the sheet's. */
  listTitle: string;
  filters: readonly CrudFilter[];
  sorters: readonly CrudSort[];
  /** The columns as the export writes them, or the list's definitions of the columns it shows. */
  columns: readonly ExportColumn[] | { shown: readonly ColumnDef[] };
  /** The rows the list counts now, to say what the file will hold. */
  total?: number;
  totalExact?: boolean;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}

type Phase = { kind: 'idle' } | { kind: 'running'; rows: number; expected: { total: number; exact: boolean } | null } | { kind: 'failed'; message: string } | { kind: 'canceled' };

/** Progress repaints at most this often: a million rows arrive in thousands of pieces. */
const PAINT_MS = 150;

const saveFile = ({ blob, fileName }: ExportedFile) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
};

const userTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/Sao_Paulo';
  } catch {
    return 'America/Sao_Paulo';
  }
};

const ExportDialog = ({ resource, listTitle, filters, sorters, columns, total, totalExact, open, onClose, afterClose }: ExportDialogProps) => {
  const t = useTranslate();
  const { open: notify } = useNotification();
  const runExport = useListExport();
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const running = useRef<AbortController | null>(null);

  // Leaving the page (or closing the dialog) stops the download and the server's reads with it.
  useEffect(() => () => running.current?.abort(), []);

  const start = async () => {
    const controller = new AbortController();
    running.current = controller;
    const counter = rowCounter(format);
    let rows = 0;
    let expected: { total: number; exact: boolean } | null = null;
    let painted = 0;
    setPhase({ kind: 'running', rows: 0, expected: null });
    try {
      const file = await runExport(resource, {
        format,
        filters,
        sorters,
        columns: 'shown' in columns ? exportColumnsOf(columns.shown, null, t) : columns,
        title: listTitle,
        timeZone: userTimeZone(),
        signal: controller.signal,
        onStart: (e) => {
          expected = e;
          setPhase({ kind: 'running', rows: 0, expected });
        },
        onChunk: (chunk) => {
          rows = counter.push(chunk);
          const now = Date.now();
          if (now - painted >= PAINT_MS) {
            painted = now;
            setPhase({ kind: 'running', rows, expected });
          }
        },
      });
      if (controller.signal.aborted) return;
      running.current = null;
      saveFile(file);
      notify?.({ type: 'success', message: t('listExport.done', { fileName: file.fileName }), key: 'list-export' });
      setPhase({ kind: 'idle' });
      onClose();
    } catch (e) {
      running.current = null;
      if (controller.signal.aborted) setPhase({ kind: 'canceled' });
      else setPhase({ kind: 'failed', message: errorText((e as { message?: string })?.message ?? '') });
    }
  };

  const cancel = () => running.current?.abort();
  const close = () => {
    cancel();
    onClose();
  };

  const busy = phase.kind === 'running';
  const count = (n: number, exact: boolean) => (exact ? t('listExport.rows', { count: n }) : t('listExport.rowsAbout', { count: n }));

  let progress = null;
  if (phase.kind === 'running') {
    const { rows, expected } = phase;
    const percent = expected && expected.total > 0 ? Math.min(99, Math.floor((rows / expected.total) * 100)) : 0;
    const label = !expected
      ? t('listExport.rows', { count: rows })
      : expected.exact
        ? t('listExport.progress', { rows, total: expected.total })
        : t('listExport.progressAbout', { rows, total: expected.total });
    progress = (
      <div>
        <Progress percent={percent} status="active" aria-label={t('listExport.progressLabel')} />
        <Typography.Text type="secondary" aria-live="polite">
          {label}
        </Typography.Text>
      </div>
    );
  }

  return (
    <Modal
      open={open}
      title={t('listExport.title', { list: listTitle })}
      onCancel={close}
      afterClose={afterClose}
      maskClosable={!busy}
      destroyOnHidden
      footer={[
        busy ? (
          <Button key="cancel" onClick={cancel}>
            {t('listExport.cancel')}
          </Button>
        ) : (
          <Button key="close" onClick={close}>
            {t('listExport.close')}
          </Button>
        ),
        <Button key="start" type="primary" loading={busy} disabled={busy} onClick={() => void start()}>
          {t('listExport.start')}
        </Button>,
      ]}
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph style={{ margin: 0 }}>
          {t('listExport.intro')}
          {total !== undefined ? <> ({count(total, totalExact !== false)})</> : null}
        </Typography.Paragraph>
        <Radio.Group
          aria-label={t('listExport.format')}
          value={format}
          disabled={busy}
          onChange={(e) => setFormat(e.target.value as ExportFormat)}
          options={[
            { value: 'csv', label: t('listExport.csv') },
            { value: 'xlsx', label: t('listExport.xlsx') },
          ]}
        />
        {progress}
        {phase.kind === 'failed' && <Alert type="error" showIcon icon={<AlertIcon type="error" />} role="alert" message={t('listExport.failed', { reason: phase.message })} />}
        {phase.kind === 'canceled' && <Alert type="info" showIcon icon={<AlertIcon type="info" />} role="status" message={t('listExport.canceled')} />}
      </Space>
    </Modal>
  );
};

export default ExportDialog;
