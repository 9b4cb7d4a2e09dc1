import { useTranslate, type HttpError } from '@refinedev/core';
import { Alert, App, Button, Form, Modal, Progress, Space, Table, Tag } from 'antd';
import { FormSelect } from '../../components/FormSelect';
import { useState } from 'react';
import type { Dayjs } from 'dayjs';
import { DOCUMENT_TYPES, can, type BulkActionResult, type DocumentType, type FileRef, type ShareListItem } from '../../domain';
import { FileField } from '../../components/upload/FileField';
import { useApiWrite, type EndpointName } from '../../hooks/useApi';
import { useRefreshShares } from '../../hooks/useShareAction';
import { useGrantee } from '../../hooks/useSession';
import { errorText } from '../../providers/notificationProvider';
import '../../i18n/loadWorkspaceMessages';
import { LazyDate } from './LazyDate';
import { applyFieldErrors, bulkAdmSlug, keepEnterInField } from './shared';
import { AlertIcon, CONFIRM_ICON } from '../../components/AlertIcon';

type BulkKind = 'transfer' | 'setPaid' | 'attach';

const BULK_ENDPOINTS = { transfer: 'actions.transferInBulk', setPaid: 'actions.setPaid', attach: 'actions.proofAttach' } as const satisfies Record<string, EndpointName>;
const BULK_TITLES = { transfer: 'bulk.transfer', setPaid: 'bulk.setPaid', attach: 'bulk.attach' } as const;
type Row = Pick<ShareListItem, 'shareId' | 'contractNumber' | 'admName' | 'admId'>;

/** The per-share answer of a bulk move, with the contract numbers the user knows the shares by. */
export const BulkResultTable = ({ result, rows }: { result: BulkActionResult; rows: readonly Row[] }) => {
  const t = useTranslate();
  const contract = new Map(rows.map((r) => [r.shareId, r.contractNumber]));
  const ok = result.results.filter((r) => r.ok).length;
  return (
    <>
      <p role="status">{t('bulk.summary', { ok, failed: result.results.length - ok })}</p>
      <Table
        size="small"
        rowKey="shareId"
        pagination={false}
        dataSource={result.results}
        columns={[
          { key: 'share', title: t('bulk.share'), render: (_, r) => contract.get(r.shareId) ?? r.shareId },
          {
            key: 'result',
            title: t('bulk.result'),
            render: (_, r) => <Tag color={r.ok ? 'green' : 'red'}>{t(r.ok ? 'bulk.ok' : 'bulk.failed')}</Tag>,
          },
          {
            key: 'detail',
            title: t('workspace.cancellations.detail'),
            render: (_, r) => (r.ok ? (r.state ? t(`shareState.${r.state}`) : '—') : errorText(r.message)),
          },
        ]}
      />
    </>
  );
};

/** Bulk moves over a list selection: "Transferir selecionadas" and "Marcar como pagas". */
const BulkActions = ({ rows, onClear }: { rows: readonly Row[]; onClear: () => void }) => {
  const t = useTranslate();
  const who = useGrantee();
  const { modal } = App.useApp();
  const refresh = useRefreshShares();
  const [form] = Form.useForm<{ proofFile?: FileRef | null; paidDate?: Dayjs | null; documentType?: DocumentType }>();
  const [open, setOpen] = useState<BulkKind | null>(null);
  const [ran, setRan] = useState<Row[]>([]);
  const shareIds = rows.map((r) => r.shareId);

  // The dialog says what went wrong itself: no toast on top.
  const quiet = () => true;
  const writes = {
    transfer: useApiWrite<BulkActionResult>({ endpoint: BULK_ENDPOINTS.transfer, silentErrors: quiet }),
    setPaid: useApiWrite<BulkActionResult>({ endpoint: BULK_ENDPOINTS.setPaid, silentErrors: quiet }),
    attach: useApiWrite<BulkActionResult>({ endpoint: BULK_ENDPOINTS.attach, silentErrors: quiet }),
  };
  const run = writes[open ?? 'transfer'];

  const start = (kind: BulkKind, payload: Record<string, unknown>) => {
    setRan([...rows]);
    setOpen(kind);
    const write = writes[kind];
    write.mutate(payload, {
      // Some shares may have moved even when the call as a whole failed.
      onSettled: () => void refresh(),
      onError: (error: HttpError) => {
        // A refused field (a paid date in the future) goes back to the form, on that field, with
        // everything typed still there; any other refusal is the dialog's message.
        if (Object.keys(error.errors ?? {}).length === 0) return;
        write.reset();
        applyFieldErrors(form, error, t);
      },
    });
  };

  const askTransfer = () =>
    modal.confirm({
      icon: CONFIRM_ICON,
      title: t('bulk.confirmTransfer', { count: rows.length }),
      okText: t('bulk.run'),
      cancelText: t('workspace.actions.cancel'),
      autoFocusButton: 'cancel',
      onOk: () => start('transfer', { shareIds }),
    });

  const close = () => {
    const finished = !!run.data;
    setOpen(null);
    run.reset();
    form.resetFields();
    if (finished) onClear();
  };

  const required = { required: true, message: t('validation.required') };
  const busy = run.isPending;
  return (
    <div role="region" aria-label={t('bulk.selected', { count: rows.length })} style={{ margin: '8px 0' }}>
      <Space wrap>
        <strong>{t('bulk.selected', { count: rows.length })}</strong>
        {can(who, 'share.transfer_in_bulk') && (
          <Button type="primary" onClick={askTransfer} disabled={busy}>
            {t('bulk.transfer')}
          </Button>
        )}
        {can(who, 'share.set_paid') && (
          <Button onClick={() => setOpen('setPaid')} disabled={busy}>
            {t('bulk.setPaid')}
          </Button>
        )}
        {can(who, 'share.proof_attach') && (
          <Button onClick={() => setOpen('attach')} disabled={busy}>
            {t('bulk.attach')}
          </Button>
        )}
        <Button type="link" onClick={onClear}>
          {t('bulk.clear')}
        </Button>
      </Space>
      {open && (
        <Modal
          open
          title={t(BULK_TITLES[open])}
          onCancel={busy ? undefined : close}
          closable={!busy}
          maskClosable={false}
          footer={
            // While the call runs there is no way out: the dialog stays, with its progress, until
            // each share's result is on screen (closing would leave the moves running unseen).
            busy || run.data || run.error || open === 'transfer' ? (
              <Button onClick={close} disabled={busy}>
                {t('bulk.close')}
              </Button>
            ) : (
              <Space>
                <Button onClick={close}>{t('workspace.actions.cancel')}</Button>
                <Button type="primary" onClick={() => form.submit()} loading={busy}>
                  {t('bulk.run')}
                </Button>
              </Space>
            )
          }
          destroyOnHidden
        >
          {busy && (
            <div role="status" aria-live="polite">
              <p>{t('bulk.running', { count: ran.length })}</p>
              <Progress percent={99} status="active" showInfo={false} />
            </div>
          )}
          {run.error && <Alert type="error" showIcon icon={<AlertIcon type="error" />} role="alert" message={errorText(run.error.message)} />}
          {run.data && <BulkResultTable result={run.data} rows={ran} />}
          {open === 'setPaid' && (
            <Form
              form={form}
              layout="vertical"
              name="bulk-set-paid"
              // Hidden, not unmounted, while the call runs: a refused field comes back with what was typed.
              hidden={busy || !!run.data || !!run.error}
              noValidate
              onKeyDown={keepEnterInField}
              onFinish={(v) => start('setPaid', { shareId: shareIds, proofFile: v.proofFile?.fileId, paidDate: v.paidDate?.format('YYYY-MM-DD') })}
            >
              <FileField name="proofFile" label={t('workspace.actions.fields.proofFile')} admSlug={bulkAdmSlug(rows)} id="bulk-proof" required />
              <Form.Item name="paidDate" label={t('workspace.actions.fields.paidDate')} rules={[required]}>
                <LazyDate />
              </Form.Item>
            </Form>
          )}
          {open === 'attach' && (
            <Form
              form={form}
              layout="vertical"
              name="bulk-proof-attach"
              hidden={busy || !!run.data || !!run.error}
              noValidate
              onKeyDown={keepEnterInField}
              onFinish={(v) => start('attach', { shareId: shareIds, proofFile: v.proofFile?.fileId, documentType: v.documentType })}
            >
              <Form.Item name="documentType" label={t('workspace.actions.fields.documentType')} rules={[required]}>
                <FormSelect showSearch optionFilterProp="label" options={DOCUMENT_TYPES.map((d) => ({ value: d, label: t(`documentType.${d}`) }))} />
              </Form.Item>
              <FileField name="proofFile" label={t('workspace.actions.fields.file')} admSlug={bulkAdmSlug(rows)} id="bulk-attach-file" required />
            </Form>
          )}
        </Modal>
      )}
    </div>
  );
};

export default BulkActions;
