import { DeleteOutlined, FileExcelOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Alert, App, Button, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { EMPTY_CELL, formatDateTime } from '../../components/formatters';
import {
  PRICING_EXTENSIONS,
  PRICING_MAX_BYTES,
  formatMoney,
  PRICING_RUNNING,
  PRICING_UPLOAD_STATUS,
  type AuctionConfig,
  type AuctionInfo,
  type AuctionPricingItem,
  type PricingRowError,
  type PricingStatus,
} from '../../domain';
import { QueryError } from './QueryError';
import { UploadingPicker } from './UploadingPicker';
import { auctionAdmSlug } from './slug';
import { useApiWrite } from '../../hooks/useApi';
import { latestRun, auctionWrite, usePricingList } from './useAuction';
import { NUMBER_CELL } from './tableStyles';
import { megabytes, minimumText, saleContext } from './wording';
import { paginationItemRender } from '../../components/tableA11y';
import { AlertIcon, CONFIRM_ICON } from '../../components/AlertIcon';

export const PRICING_COLORS: Readonly<Record<PricingStatus, string>> = {
  in_validation: 'processing',
  validation_ok: 'cyan',
  validation_error: 'error',
  in_processing: 'processing',
  processed: 'success',
  failed: 'error',
};

const SPREADSHEET_ACCEPT = [...PRICING_EXTENSIONS.map((e) => `.${e}`), 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'].join(',');

export const PricingStatusTag = ({ status }: { status: PricingStatus }) => {
  const t = useTranslate();
  return <Tag color={PRICING_COLORS[status]}>{t(`auctions.pricingStatus.${status}`)}</Tag>;
};

/**
 * The rows a spreadsheet was refused for: line as the spreadsheet shows it, the problem in Portuguese
 * (a price under the minimum says which minimum), the cell read.
 */
export const RowErrors = ({ errors, caption, minimum }: { errors: readonly PricingRowError[]; caption: string; minimum?: AuctionConfig['minimumPrice'] }) => {
  const t = useTranslate();
  // The minimum this share had to reach, in reais (issue 13); runs checked before the server sent it
  // fall back to the auction's rule ("70% do crédito").
  const problem = (code: string, e: PricingRowError) =>
    code === 'priceBelowMinimum' && e.minimum !== undefined
      ? t('auctions.rowErrors.priceBelowMinimumOf', { minimum: formatMoney(e.minimum) })
      : code === 'priceBelowMinimum' && minimum
        ? t('auctions.rowErrors.priceBelowMinimumOf', { minimum: minimumText(minimum, t('auctions.config.percentSuffix')) })
        : code === 'unclosedQuote'
          ? t('auctions.rowErrors.unclosedQuote', { row: e.row })
          : t(`auctions.rowErrors.${code}`, {}, code);
  const columns: TableColumnsType<PricingRowError & { key: number }> = [
    { key: 'row', dataIndex: 'row', title: t('auctions.pricing.row'), width: 90, render: (row: number) => (row > 0 ? row : t('auctions.pricing.wholeFile')) },
    { key: 'contract', dataIndex: 'contract', title: t('auctions.pricing.contract'), render: (v?: string) => <span style={NUMBER_CELL}>{v ?? EMPTY_CELL}</span> },
    { key: 'code', dataIndex: 'code', title: t('auctions.pricing.error'), render: problem },
    { key: 'value', dataIndex: 'value', title: t('auctions.pricing.value'), render: (v?: string) => <span style={NUMBER_CELL}>{v ?? EMPTY_CELL}</span> },
  ];
  return (
    <Table
      size="small"
      title={() => <strong>{caption}</strong>}
      columns={columns}
      dataSource={errors.map((e, i) => ({ ...e, key: i }))}
      pagination={errors.length > 20 ? { pageSize: 20, showSizeChanger: false, itemRender: paginationItemRender } : false}
      data-testid="pricing-errors"
      // A phone scrolls the table sideways inside its card instead of spilling out of it.
      scroll={{ x: 'max-content' }}
    />
  );
};

/**
 * The pricing step: the spreadsheet's format, the upload (storage flow, then add_file), every run
 * with its status, and the latest run's row errors. The list polls by itself while a run works.
 */
export const PricingStep = ({ auction, canWrite }: { auction: AuctionInfo; canWrite: boolean }) => {
  const t = useTranslate();
  const pricing = usePricingList(auction.auctionId);
  const { modal } = App.useApp();
  const addFile = useApiWrite({ endpoint: 'auction.addFile', ...auctionWrite(auction.auctionId), success: 'auctions.pricing.sent' });
  const removeFile = useApiWrite({ endpoint: 'auction.removeFile', ...auctionWrite(auction.auctionId), success: 'auctions.pricing.removed' });
  const retryRun = useApiWrite({ endpoint: 'auction.pricingRetry', ...auctionWrite(auction.auctionId), success: 'auctions.pricing.retried' });
  const latest = latestRun(pricing.list);
  const running = !!latest && PRICING_RUNNING.includes(latest.status);
  const mayUpload = canWrite && auction.status === PRICING_UPLOAD_STATUS;
  const failure = latest?.failure;
  const reason = failure ? t(`auctions.pricing.failureReason.${failure.reason}`) : '';

  const columns: TableColumnsType<AuctionPricingItem> = [
    { key: 'file', dataIndex: 'fileName', title: t('auctions.pricing.file'), render: (v: string | null) => v ?? '—' },
    { key: 'status', dataIndex: 'status', title: t('auctions.pricing.status'), render: (s: PricingStatus) => <PricingStatusTag status={s} /> },
    { key: 'rows', dataIndex: 'rows', title: t('auctions.pricing.rows') },
    { key: 'priced', dataIndex: 'pricedRows', title: t('auctions.pricing.priced') },
    {
      key: 'errors',
      dataIndex: 'rowErrors',
      title: t('auctions.pricing.errors'),
      render: (errors: PricingRowError[]) => (errors?.length ? <Typography.Text type="danger">{t('auctions.pricing.errorCount', { count: errors.length })}</Typography.Text> : '—'),
    },
    { key: 'createdAt', dataIndex: 'createdAt', title: t('auctions.pricing.sentAt'), render: (v: string) => formatDateTime(v) },
  ];
  // A spreadsheet leaves while pricing and not while its run works; its prices go with it (docs/auctions.md).
  if (mayUpload)
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      width: 90,
      render: (_: unknown, run: AuctionPricingItem) =>
        run.fileId ? (
          <Button
            type="text"
            danger
            icon={<DeleteOutlined aria-hidden />}
            disabled={PRICING_RUNNING.includes(run.status)}
            aria-label={t('auctions.pricing.remove', { name: run.fileName ?? '' })}
            onClick={() =>
              modal.confirm({
                icon: CONFIRM_ICON,
                title: t('auctions.pricing.removeTitle'),
                content: t('auctions.pricing.removeText', { name: run.fileName ?? '' }),
                okText: t('auctions.pricing.removeConfirm'),
                okButtonProps: { danger: true },
                cancelText: t('auctions.pricing.removeKeep'),
                onOk: () => removeFile.mutateAsync({ fileId: run.fileId, fileType: 'PRICING_SPREADSHEET' }).catch(() => undefined),
              })
            }
          />
        ) : null,
    });

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Alert type="info" showIcon icon={<AlertIcon type="info" />} message={t('auctions.pricing.format')} />
      {mayUpload && (
        <UploadingPicker
          admSlug={auctionAdmSlug(auction)}
          label={t(latest ? 'auctions.pricing.uploadAgain' : 'auctions.pricing.upload')}
          icon={<FileExcelOutlined aria-hidden />}
          accept={SPREADSHEET_ACCEPT}
          allowed={PRICING_EXTENSIONS}
          wrongTypeText={t('auctions.pricing.wrongType')}
          maxBytes={PRICING_MAX_BYTES}
          tooLargeText={(size) => t('auctions.pricing.tooLarge', { size: megabytes(size), max: megabytes(PRICING_MAX_BYTES) })}
          disabled={running}
          testId="pricing-file-input"
          onUploaded={(file) => addFile.mutateAsync({ files: [file.fileId], fileType: 'PRICING_SPREADSHEET' })}
        />
      )}
      {canWrite && auction.status === 'created' && <Alert type="warning" showIcon icon={<AlertIcon type="warning" />} message={t('auctions.pricing.onlyWhilePricing', saleContext(auction.isAuction))} />}
      {running && <Alert type="info" showIcon icon={<AlertIcon type="info" />} role="status" message={t('auctions.pricing.running')} />}
      {/* A database or storage outage, not the file's fault: the job retries by itself, then gives up. */}
      {running && failure && <Alert type="warning" showIcon icon={<AlertIcon type="warning" />} message={t('auctions.pricing.retrying', { count: failure.attempts, reason })} data-testid="pricing-retrying" />}
      {latest?.status === 'failed' && failure && (
        <Alert
          type="error"
          showIcon
          icon={<AlertIcon type="error" />}
          role="alert"
          data-testid="pricing-failed"
          message={t('auctions.pricing.failed', { count: failure.attempts, reason, name: latest.fileName ?? '' })}
          action={
            mayUpload ? (
              <Button size="small" loading={retryRun.isPending} onClick={() => retryRun.mutateAsync({ pricingId: latest.pricingId }).catch(() => undefined)}>
                {t('auctions.pricing.retry')}
              </Button>
            ) : undefined
          }
        />
      )}
      <QueryError error={pricing.error} retry={() => void pricing.refetch()}>
        <Table<AuctionPricingItem>
          size="small"
          rowKey="pricingId"
          title={() => <strong>{t('auctions.pricing.runs')}</strong>}
          loading={pricing.isLoading}
          columns={columns}
          dataSource={[...pricing.list].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))}
          pagination={false}
          locale={{ emptyText: t('auctions.pricing.empty') }}
          data-testid="pricing-runs"
          scroll={{ x: 'max-content' }}
        />
      </QueryError>
      {latest && latest.rowErrors.length > 0 && (
        <RowErrors errors={latest.rowErrors} caption={t('auctions.pricing.errorsOf', { name: latest.fileName ?? '' })} minimum={auction.config.minimumPrice} />
      )}
    </Space>
  );
};

export default PricingStep;
