import { useTranslate, type HttpError } from '@refinedev/core';
import { Button, Card, Descriptions, Form, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import {
  can,
  formatMoney,
  multipricesAllowed,
  type FileRef,
  type PaymentInformation,
  type Proposal,
  type ShareDetail,
  type TransferInformation,
} from '../../domain';
import { FEATURE_FLAGS } from '../../domain/featureFlags';
import { formatDate, formatDateTime, formatDocument } from '../../components/formatters';
import { shareRecord, useShareList, useShareQuery } from '../../hooks/useShareWorkspace';
import { useApiWrite } from '../../hooks/useApi';
import { SHARE_LIST_RESOURCES } from '../../hooks/useShareAction';
import { useGrantee } from '../../hooks/useSession';
import { useBrand } from '../../providers/BrandContext';
import { FileLink } from '../../components/FileLink';
import { MoneyInput, moneyRule } from '../../components/MoneyInput';
import { QueryState } from './shared';
import { useUnsavedForm } from './unsaved';

interface AdmConfigAnswer {
  admConfig?: { dynamo_adm?: { allowMultiprices?: boolean } };
}

const EditPrice = ({ share, proposal }: { share: ShareDetail; proposal: Proposal }) => {
  const t = useTranslate();
  const [form] = Form.useForm<{ price: number }>();
  const edit = useApiWrite({ endpoint: 'proposal.editPrice', success: 'workspace.proposals.priceSaved', ...shareRecord(share.contractNumber) });
  const unsaved = useUnsavedForm(`price-${proposal.proposalId}`);
  return (
    <Form
      form={form}
      layout="inline"
      name={`price-${proposal.proposalId}`}
      initialValues={{ price: Number(proposal.price) }}
      noValidate
      onValuesChange={unsaved.changed}
      onFinish={(v) =>
        edit
          .mutateAsync({ shareId: share.shareId, ownerDocument: share.ownerDocument, proposalId: proposal.proposalId, price: Number(v.price).toFixed(2) })
          .then(unsaved.saved)
          .catch(() => undefined)
      }
    >
      <Form.Item name="price" label={t('workspace.proposals.newPrice')} validateTrigger="onBlur" rules={[moneyRule(t, { required: true })]}>
        <MoneyInput style={{ width: 200 }} />
      </Form.Item>
      <Button htmlType="submit" loading={edit.isPending}>
        {t('workspace.proposals.editPrice')}
      </Button>
    </Form>
  );
};

const ProposalDetails = ({ share, proposal }: { share: ShareDetail; proposal: Proposal }) => {
  const t = useTranslate();
  const who = useGrantee();
  const id = { proposalId: proposal.proposalId };
  const transfer = useShareQuery<TransferInformation>(share.contractNumber, 'proposal.transferInformation', id);
  const payment = useShareQuery<PaymentInformation>(share.contractNumber, 'proposal.paymentInformation', id);
  const files = useShareList<FileRef>(share.contractNumber, 'proposal.contractFiles', id);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card size="small" title={t('workspace.proposals.transfer')}>
        <QueryState loading={transfer.isLoading} error={transfer.error} empty={!transfer.data}>
          {transfer.data && (
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2 }}
              items={[
                { key: 'fee', label: t('workspace.proposals.transferFee'), children: formatMoney(transfer.data.transferFee) },
                { key: 'due', label: t('workspace.proposals.dueDate'), children: formatDate(transfer.data.dueDate) },
                { key: 'buyer', label: t('workspace.proposals.buyer'), children: transfer.data.buyer ? `${transfer.data.buyer.name} (${formatDocument(transfer.data.buyer.document)})` : '—' },
                { key: 'line', label: t('workspace.proposals.billetLine'), children: transfer.data.billetLine ?? '—' },
              ]}
            />
          )}
        </QueryState>
      </Card>
      <Card size="small" title={t('workspace.proposals.payment')}>
        <QueryState loading={payment.isLoading} error={payment.error} empty={!payment.data}>
          {payment.data && (
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2 }}
              items={[
                { key: 'type', label: t('workspace.proposals.paymentType'), children: t(`paymentType.${payment.data.paymentType}`) },
                { key: 'amount', label: t('workspace.proposals.amount'), children: formatMoney(payment.data.amount) },
                { key: 'inst', label: t('workspace.proposals.installments'), children: payment.data.installments },
                { key: 'paid', label: t('workspace.proposals.paidDate'), children: formatDate(payment.data.paidDate) },
                { key: 'proof', label: t('workspace.proposals.proof'), children: payment.data.proof ? <FileLink file={payment.data.proof} /> : '—' },
              ]}
            />
          )}
        </QueryState>
      </Card>
      <Card size="small" title={t('workspace.proposals.contractFiles')}>
        <QueryState loading={files.isLoading} error={files.error} empty={files.list.length === 0} emptyText={t('workspace.proposals.noFiles')}>
          <Space wrap>
            {files.list.map((f) => (
              <FileLink key={f.fileId} file={f} />
            ))}
          </Space>
        </QueryState>
      </Card>
      {/* A refused proposal's price is history: the server refuses the edit too. */}
      {can(who, 'proposal.edit_price') && proposal.status !== 'rejected' && <EditPrice share={share} proposal={proposal} />}
    </Space>
  );
};

const ProposalsTab = ({ share }: { share: ShareDetail }) => {
  const t = useTranslate();
  const who = useGrantee();
  const brand = useBrand();
  const proposals = useShareList<Proposal>(share.contractNumber, 'proposal.list', { contractNumber: share.contractNumber });
  const admConfig = useShareQuery<AdmConfigAnswer>(share.contractNumber, 'config.admConfigGet', { admId: share.admId }, { enabled: !!brand.config?.configs?.allowMultiprices });
  const select = useApiWrite({ endpoint: 'proposal.select', success: 'workspace.proposals.selectedOk', ...shareRecord(share.contractNumber), lists: SHARE_LIST_RESOURCES });
  const canSelect = FEATURE_FLAGS.selectProposalEnabled && can(who, 'proposal.select');
  const multi = multipricesAllowed(brand.config, admConfig.data?.admConfig?.dynamo_adm ?? null) && proposals.list.some((p) => p.prices?.length > 0);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const selectedIds = useMemo(() => proposals.list.filter((p) => p.selected).map((p) => p.proposalId), [proposals.list]);

  const columns: TableColumnsType<Proposal> = [
    { key: 'player', title: t('workspace.proposals.player'), render: (_, p) => p.playerName ?? '—' },
    { key: 'fund', title: t('workspace.proposals.fund'), render: (_, p) => p.fundName ?? '—' },
    { key: 'price', title: t('workspace.proposals.price'), render: (_, p) => formatMoney(p.price) },
    ...(multi
      ? [{ key: 'prices', title: t('workspace.proposals.prices'), render: (_: unknown, p: Proposal) => p.prices.map((x) => `${x.label}: ${formatMoney(x.price)}`).join(' · ') || '—' }]
      : []),
    { key: 'paymentType', title: t('workspace.proposals.paymentType'), render: (_, p) => t(`paymentType.${p.paymentType}`) },
    {
      key: 'status',
      title: t('workspace.proposals.status'),
      render: (_, p) => (
        <Space>
          <Tag>{t(`workspace.proposals.statuses.${p.status}`)}</Tag>
          {p.selected && <Tag color="green">{t('workspace.proposals.selected')}</Tag>}
        </Space>
      ),
    },
    { key: 'createdAt', title: t('workspace.proposals.createdAt'), render: (_, p) => formatDateTime(p.createdAt) },
    ...(canSelect
      ? [
          {
            key: 'select',
            title: t('common.actions'),
            render: (_: unknown, p: Proposal) =>
              !p.selected && (
                <Button size="small" loading={select.isPending} onClick={() => select.mutate({ proposalId: p.proposalId })}>
                  {t('workspace.proposals.select')}
                </Button>
              ),
          },
        ]
      : []),
  ];

  return (
    <QueryState loading={proposals.isLoading} error={proposals.error as HttpError | null}>
      <Table<Proposal>
        size="small"
        rowKey="proposalId"
        pagination={false}
        dataSource={proposals.list}
        columns={columns}
        locale={{ emptyText: t('workspace.proposals.empty') }}
        expandable={{
          expandedRowKeys: expanded ?? selectedIds,
          onExpandedRowsChange: (keys) => setExpanded(keys.map(String)),
          expandedRowRender: (p) => <ProposalDetails share={share} proposal={p} />,
        }}
      />
    </QueryState>
  );
};

export default ProposalsTab;
