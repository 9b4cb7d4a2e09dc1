import { useTranslate, type HttpError } from '@refinedev/core';
import { App, Form, Input, Modal } from 'antd';
import { FormSelect } from '../../components/FormSelect';
import { isValidBoleto } from '@brazilian-utils/brazilian-utils/is-valid-boleto';
import type { Dayjs } from 'dayjs';
import { DOCUMENT_TYPES, formatMoney, type CanceledReason, type FileRef, type Proposal, type ShareDetail } from '../../domain';
import { ACTION_RULES, type ShareAction } from '../../domain/shareActions';
import { FileField } from '../../components/upload/FileField';
import { useReferenceList, useShareList } from '../../hooks/useShareWorkspace';
import { hasFieldErrors, useShareAction } from '../../hooks/useShareAction';
import { LazyDate } from './LazyDate';
import { admSlugOf, applyFieldErrors, keepEnterInField } from './shared';
import { CONFIRM_ICON } from '../../components/AlertIcon';

interface Values {
  proofFile?: FileRef | null;
  billetFile?: FileRef | null;
  billetLine?: string;
  reactivationFile?: FileRef | null;
  paidDate?: Dayjs | null;
  reason?: string;
  detail?: string;
  proposalId?: string;
  documentType?: string;
}

/** A boleto line as typed: digits, spaces, dots; checked as a Brazilian boleto (47 or 48 digits). */
export const boletoDigits = (v: string): string => v.replace(/\D/g, '');

/** The body of each action's call (SPEC §7); files go by their fileId, the paid date as an ISO day. */
export const payloadFor = (action: ShareAction, share: Pick<ShareDetail, 'shareId'>, v: Values): Record<string, unknown> => {
  switch (action) {
    case 'set_transfer':
      return {
        shareId: share.shareId,
        proofFile: v.proofFile?.fileId,
        billetFile: v.billetFile?.fileId,
        billetLine: boletoDigits(v.billetLine ?? ''),
        ...(v.reactivationFile ? { reactivationFile: v.reactivationFile.fileId } : {}),
      };
    case 'set_paid':
      return { shareId: share.shareId, proofFile: v.proofFile?.fileId, paidDate: v.paidDate?.format('YYYY-MM-DD') };
    case 'cancel_sale':
      return { shareId: share.shareId, reason: v.reason, detail: v.detail?.trim() };
    case 'start_sale':
      return { proposalId: v.proposalId };
    case 'proof_attach':
      return { shareId: share.shareId, proofFile: v.proofFile?.fileId, documentType: v.documentType };
    default:
      return { shareId: share.shareId };
  }
};

const CancelFields = () => {
  const t = useTranslate();
  const reasons = useReferenceList<CanceledReason>('share.canceledReasonList');
  return (
    <>
      <Form.Item name="reason" label={t('workspace.actions.fields.reason')} rules={[{ required: true, message: t('validation.required') }]}>
        <FormSelect
          loading={reasons.isLoading}
          options={reasons.list.map((r) => ({ value: r.id, label: r.label }))}
          showSearch
          optionFilterProp="label"
        />
      </Form.Item>
      <Form.Item name="detail" label={t('workspace.actions.fields.detail')} rules={[{ required: true, whitespace: true, message: t('validation.required') }]}>
        <Input.TextArea rows={3} maxLength={1000} showCount />
      </Form.Item>
    </>
  );
};

const ProposalField = ({ share }: { share: ShareDetail }) => {
  const t = useTranslate();
  const proposals = useShareList<Proposal>(share.contractNumber, 'proposal.list', { contractNumber: share.contractNumber });
  return (
    <Form.Item name="proposalId" label={t('workspace.actions.fields.proposal')} rules={[{ required: true, message: t('validation.required') }]}>
      <FormSelect
        loading={proposals.isLoading}
        options={proposals.list.map((p) => ({
          value: p.proposalId,
          label: `${p.playerName ?? p.fundName ?? p.proposalId} — ${formatMoney(p.price)}${p.selected ? ` (${t('workspace.proposals.selected')})` : ''}`,
        }))}
      />
    </Form.Item>
  );
};

/** The form of one action; destructive actions confirm once more before they run. */
const ActionModal = ({ action, share, onClose }: { action: ShareAction; share: ShareDetail; onClose: () => void }) => {
  const t = useTranslate();
  const { modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  // A refused field (the paid date, the boleto line, the reason) is marked on that field, no toast.
  const run = useShareAction(action, share.contractNumber, { silentErrors: hasFieldErrors });
  const slug = admSlugOf(share);
  const required = { required: true, message: t('validation.required') };
  const label = t(`workspace.actions.${action}`);

  const submit = async (values: Values) => {
    const go = async () => {
      // expectedVersion: the server refuses (409) a move on a share that changed since this page loaded.
      try {
        await run.mutateAsync({ ...payloadFor(action, share, values), ...(ACTION_RULES[action].move ? { expectedVersion: share.version } : {}) });
      } catch (e) {
        applyFieldErrors(form, e as HttpError, t);
        return;
      }
      onClose();
    };
    if (ACTION_RULES[action].destructive) {
      modal.confirm({
        icon: CONFIRM_ICON,
        title: t('workspace.actions.confirmTitle', { action: label }),
        content: t(`workspace.actions.confirmText.${action}`),
        okText: t('workspace.actions.confirm'),
        cancelText: t('workspace.actions.cancel'),
        okButtonProps: { danger: true },
        autoFocusButton: 'cancel',
        onOk: () => go().catch(() => undefined),
      });
      return;
    }
    await go().catch(() => undefined);
  };

  const file = (name: keyof Values, key: string, isRequired = true) => (
    <FileField name={name} label={t(`workspace.actions.fields.${key}`)} admSlug={slug} id={`${action}-${name}`} required={isRequired} />
  );

  return (
    <Modal
      open
      title={label}
      onCancel={onClose}
      okText={label}
      cancelText={t('workspace.actions.cancel')}
      okButtonProps={{ loading: run.isPending, danger: !!ACTION_RULES[action].destructive }}
      onOk={() => form.submit()}
      destroyOnHidden
      maskClosable={false}
    >
      <Form<Values> id={`action-${action}`} form={form} layout="vertical" onFinish={submit} requiredMark noValidate onKeyDown={keepEnterInField}>
        {action === 'set_transfer' && (
          <>
            {file('proofFile', 'proofFile')}
            {file('billetFile', 'billetFile')}
            <Form.Item
              name="billetLine"
              label={t('workspace.actions.fields.billetLine')}
              validateTrigger={['onChange', 'onBlur']}
              rules={[
                required,
                {
                  validator: (_, v: string | undefined) =>
                    !v || isValidBoleto(boletoDigits(v)) ? Promise.resolve() : Promise.reject(new Error(t('workspace.actions.fields.billetLineInvalid'))),
                },
              ]}
            >
              <Input inputMode="numeric" autoComplete="off" maxLength={60} />
            </Form.Item>
            {file('reactivationFile', 'reactivationFile', false)}
          </>
        )}
        {action === 'set_paid' && (
          <>
            {file('proofFile', 'proofFile')}
            <Form.Item name="paidDate" label={t('workspace.actions.fields.paidDate')} rules={[required]}>
              <LazyDate />
            </Form.Item>
          </>
        )}
        {action === 'cancel_sale' && <CancelFields />}
        {action === 'start_sale' && <ProposalField share={share} />}
        {action === 'proof_attach' && (
          <>
            <Form.Item name="documentType" label={t('workspace.actions.fields.documentType')} rules={[required]}>
              <FormSelect showSearch optionFilterProp="label" options={DOCUMENT_TYPES.map((d) => ({ value: d, label: t(`documentType.${d}`) }))} />
            </Form.Item>
            {file('proofFile', 'file')}
          </>
        )}
      </Form>
    </Modal>
  );
};

export default ActionModal;
