import { useTranslate, type HttpError } from '@refinedev/core';
import { Alert, DatePicker, Form, Input, Modal, type FormInstance } from 'antd';
import type { Dayjs } from 'dayjs';
import { DOCUMENT_TYPES, PAYMENT_TYPES, type DocumentType, type FileRef, type PaymentType, type ShareDetail } from '../../domain';
import { formatMoney } from '../../domain/money';
import {
  DUE_DATE_MAX,
  DUE_DATE_MIN,
  PENDENCY_DESCRIPTION_MAX,
  PENDENCY_KINDS,
  PENDENCY_KIND_RULES,
  PENDENCY_NOTE_MAX,
  boletoLineDigits,
  boletoLineProblem,
  clearNeedsNote,
  dueDateProblem,
  isMoneyKind,
  paidDateProblem,
  ticketNeedsLine,
  type PendencyKind,
  type PendencyRecord,
  type PendencyTicket,
} from '../../domain/pendencies';

type TicketKind = PendencyTicket['kind'];
import { AlertIcon } from '../../components/AlertIcon';
import { datePickerA11y } from '../../components/pickerA11y';
import { FormSelect } from '../../components/FormSelect';
import { MoneyInput, moneyRule, type MoneyValue } from '../../components/MoneyInput';
import { FileField } from '../../components/upload/FileField';
import { formatDate } from '../../components/formatters';
import { usePendencyMove, type PendencyFormMove } from '../../hooks/usePendencies';
import PaidDatePicker from './PaidDatePicker';
import { admSlugOf, applyFieldErrors, keepEnterInField } from './shared';

type Translate = (key: string, options?: Record<string, unknown>) => string;

interface Values {
  kind?: PendencyKind | TicketKind;
  description?: string;
  documentType?: DocumentType;
  amount?: MoneyValue;
  paymentType?: PaymentType;
  dueDate?: Dayjs | null;
  file?: FileRef | null;
  line?: string;
  ticketId?: string;
  proofFile?: FileRef | null;
  paidDate?: Dayjs | null;
  note?: string;
}

const isoDay = (d: Dayjs | null | undefined): string | null => (d ? d.format('YYYY-MM-DD') : null);

/** Due dates: any real day of this century (a boleto already overdue is attached as it is); the server's rule. */
const outOfDueRange = (d: Dayjs): boolean => {
  const day = d.format('YYYY-MM-DD');
  return day < DUE_DATE_MIN || day > DUE_DATE_MAX;
};

const DueDatePicker = (props: { value?: Dayjs | null; onChange?: (d: Dayjs | null) => void; id?: string }) => {
  const t = useTranslate();
  return <DatePicker format="L" style={{ width: '100%' }} disabledDate={outOfDueRange} {...datePickerA11y(t('app.clear'))} {...props} />;
};

const dueDateRule = (t: Translate, required: boolean) => ({
  validator: async (_: unknown, d: Dayjs | null | undefined) => {
    if (!d) {
      if (required) throw new Error(t('validation.required'));
      return;
    }
    if (dueDateProblem(isoDay(d))) throw new Error(t('errors.dueDateInvalid'));
  },
});

/** The body of each move's call (src/domain/pendencies.ts): files by their fileId, days as YYYY-MM-DD, amounts in reais. */
export const pendencyPayload = (move: PendencyFormMove, share: Pick<ShareDetail, 'shareId' | 'version'>, pendency: Pick<PendencyRecord, 'pendencyId'> | undefined, v: Values): Record<string, unknown> => {
  switch (move) {
    case 'open': {
      const kind = v.kind as PendencyKind;
      const money = isMoneyKind(kind);
      return {
        shareId: share.shareId,
        kind,
        description: v.description?.trim(),
        ...(money ? { amount: v.amount, paymentType: v.paymentType } : {}),
        ...(PENDENCY_KIND_RULES[kind]?.needsDocumentType ? { documentType: v.documentType } : {}),
        ...(v.dueDate ? { dueDate: isoDay(v.dueDate) } : {}),
        expectedVersion: share.version,
      };
    }
    case 'add_ticket': {
      const kind = v.kind as TicketKind;
      return {
        pendencyId: pendency?.pendencyId,
        kind,
        file: v.file?.fileId,
        line: ticketNeedsLine(kind) ? boletoLineDigits(v.line) : null,
        amount: v.amount,
        dueDate: isoDay(v.dueDate),
      };
    }
    case 'register_payment':
      return {
        pendencyId: pendency?.pendencyId,
        proofFile: v.proofFile?.fileId,
        amount: v.amount,
        paidDate: isoDay(v.paidDate),
        ...(v.ticketId ? { ticketId: v.ticketId } : {}),
      };
    case 'clear':
      return { pendencyId: pendency?.pendencyId, ...(v.note?.trim() ? { note: v.note.trim() } : {}) };
  }
};

const OpenFields = ({ form, share }: { form: FormInstance<Values>; share: ShareDetail }) => {
  const t = useTranslate();
  const kind = Form.useWatch('kind', form) as PendencyKind | undefined;
  const required = { required: true, message: t('validation.required') };
  const money = !!kind && isMoneyKind(kind);
  // Where the share goes back to when its last pendency is cleared: where it is now, or where it was before the first.
  const returns = share.state === 'with_pendency' ? share.previousState : share.state;
  return (
    <>
      <Form.Item name="kind" label={t('workspace.pendencies.fields.kind')} rules={[required]}>
        <FormSelect options={PENDENCY_KINDS.map((k) => ({ value: k, label: t(`pendencyKind.${k}`) }))} />
      </Form.Item>
      {kind && <p style={{ marginTop: -12 }}>{t(`workspace.pendencies.kindHelp.${kind}`)}</p>}
      <Form.Item name="description" label={t('workspace.pendencies.fields.description')} rules={[{ ...required, whitespace: true }]}>
        <Input.TextArea rows={3} maxLength={PENDENCY_DESCRIPTION_MAX} showCount />
      </Form.Item>
      {kind && PENDENCY_KIND_RULES[kind].needsDocumentType && (
        <Form.Item name="documentType" label={t('workspace.pendencies.fields.documentType')} rules={[required]}>
          <FormSelect showSearch optionFilterProp="label" options={DOCUMENT_TYPES.map((d) => ({ value: d, label: t(`documentType.${d}`) }))} />
        </Form.Item>
      )}
      {money && (
        <>
          <Form.Item name="amount" label={t('workspace.pendencies.fields.amount')} rules={[moneyRule(t, { required: true })]} validateTrigger="onBlur">
            <MoneyInput />
          </Form.Item>
          <Form.Item name="paymentType" label={t('workspace.pendencies.fields.paymentType')} rules={[required]}>
            <FormSelect options={PAYMENT_TYPES.map((p) => ({ value: p, label: t(`paymentType.${p}`) }))} />
          </Form.Item>
        </>
      )}
      <Form.Item name="dueDate" label={t('workspace.pendencies.fields.dueDate')} rules={[dueDateRule(t, false)]} extra={t('workspace.pendencies.dueDateHelp')}>
        <DueDatePicker />
      </Form.Item>
      {returns && <Alert type="info" showIcon icon={<AlertIcon type="info" />} message={t('workspace.pendencies.returnsTo', { state: t(`shareState.${returns}`) })} />}
    </>
  );
};

const boletoLineRule = (t: Translate) => ({
  validator: async (_: unknown, v: string | undefined) => {
    if (!v?.trim()) throw new Error(t('validation.required'));
    const problem = boletoLineProblem(v);
    if (problem) throw new Error(t(`workspace.pendencies.lineInvalid.${problem}`));
  },
});

const TicketFields = ({ form, share, pendency }: { form: FormInstance<Values>; share: ShareDetail; pendency: PendencyRecord }) => {
  const t = useTranslate();
  const kind = Form.useWatch('kind', form) as TicketKind | undefined;
  const required = { required: true, message: t('validation.required') };
  const kinds = PENDENCY_KIND_RULES[pendency.kind].ticketKinds;
  return (
    <>
      <Form.Item name="kind" label={t('workspace.pendencies.fields.ticketKind')} rules={[required]}>
        <FormSelect options={kinds.map((k) => ({ value: k, label: t(`ticketKind.${k}`) }))} />
      </Form.Item>
      <FileField name="file" label={t('workspace.pendencies.fields.ticketFile')} admSlug={admSlugOf(share)} id="pendency-ticket-file" required />
      {(!kind || ticketNeedsLine(kind)) && (
        <Form.Item name="line" label={t('workspace.pendencies.fields.line')} validateTrigger={['onChange', 'onBlur']} rules={[boletoLineRule(t)]}>
          <Input inputMode="numeric" autoComplete="off" maxLength={60} />
        </Form.Item>
      )}
      <Form.Item name="amount" label={t('workspace.pendencies.fields.ticketAmount')} rules={[moneyRule(t, { required: true })]} validateTrigger="onBlur">
        <MoneyInput />
      </Form.Item>
      <Form.Item name="dueDate" label={t('workspace.pendencies.fields.ticketDueDate')} rules={[dueDateRule(t, true)]}>
        <DueDatePicker />
      </Form.Item>
    </>
  );
};

const paidDateRule = (t: Translate) => ({
  validator: async (_: unknown, d: Dayjs | null | undefined) => {
    if (!d) throw new Error(t('validation.required'));
    const problem = paidDateProblem(isoDay(d));
    if (problem) throw new Error(t(problem === 'future' ? 'errors.paidDateFuture' : 'errors.paidDateInvalid'));
  },
});

const PaymentFields = ({ form, share, pendency }: { form: FormInstance<Values>; share: ShareDetail; pendency: PendencyRecord }) => {
  const t = useTranslate();
  const unpaid = pendency.tickets.filter((x) => !x.paid);
  return (
    <>
      {pendency.paymentType && <p>{t('workspace.pendencies.paymentTypeIs', { type: t(`paymentType.${pendency.paymentType}`) })}</p>}
      {unpaid.length > 0 && (
        <Form.Item name="ticketId" label={t('workspace.pendencies.fields.ticket')} extra={t('workspace.pendencies.ticketHelp')}>
          <FormSelect
            allowClear
            options={unpaid.map((x) => ({ value: x.ticketId, label: `${t(`ticketKind.${x.kind}`)} — ${formatMoney(x.amount)} — ${t('workspace.pendencies.dueOn', { date: formatDate(x.dueDate) })}` }))}
            onChange={(id?: string) => {
              const ticket = unpaid.find((x) => x.ticketId === id);
              // The amount follows the chosen boleto unless one was typed.
              if (ticket && !form.getFieldValue('amount')) form.setFieldsValue({ amount: Number(ticket.amount) });
            }}
          />
        </Form.Item>
      )}
      <FileField name="proofFile" label={t('workspace.pendencies.fields.proofFile')} admSlug={admSlugOf(share)} id="pendency-payment-proof" required />
      <Form.Item name="amount" label={t('workspace.pendencies.fields.paidAmount')} rules={[moneyRule(t, { required: true })]} validateTrigger="onBlur">
        <MoneyInput />
      </Form.Item>
      <Form.Item name="paidDate" label={t('workspace.actions.fields.paidDate')} rules={[paidDateRule(t)]}>
        <PaidDatePicker />
      </Form.Item>
    </>
  );
};

const ClearFields = ({ share, pendency, openCount }: { share: ShareDetail; pendency: PendencyRecord; openCount: number }) => {
  const t = useTranslate();
  const needsNote = clearNeedsNote(pendency);
  const last = openCount <= 1;
  const returns = pendency.returnState ?? share.previousState;
  return (
    <>
      <Alert
        type={last ? 'warning' : 'info'}
        showIcon
        icon={<AlertIcon type={last ? 'warning' : 'info'} />}
        style={{ marginBottom: 16 }}
        message={
          last && returns
            ? t('workspace.pendencies.clearLast', { state: t(`shareState.${returns}`) })
            : t('workspace.pendencies.clearOthers', { count: openCount - 1 })
        }
      />
      <Form.Item
        name="note"
        label={t('workspace.pendencies.fields.note')}
        extra={needsNote ? t('workspace.pendencies.noteNeeded') : undefined}
        rules={needsNote ? [{ required: true, whitespace: true, message: t('validation.required') }] : []}
      >
        <Input.TextArea rows={3} maxLength={PENDENCY_NOTE_MAX} showCount />
      </Form.Item>
    </>
  );
};

/** What a form starts with: the only boleto kind when there is one, the amount still owed. */
const initialValues = (move: PendencyFormMove, pendency?: PendencyRecord): Values => {
  if (!pendency) return {};
  if (move === 'add_ticket') {
    const kinds = PENDENCY_KIND_RULES[pendency.kind].ticketKinds;
    return kinds.length === 1 ? { kind: kinds[0] } : {};
  }
  if (move === 'register_payment' && pendency.amount !== null) {
    const owed = Math.round((Number(pendency.amount) - Number(pendency.paidAmount)) * 100) / 100;
    return owed > 0 ? { amount: owed } : {};
  }
  return {};
};

export interface PendencyFormProps {
  move: PendencyFormMove;
  share: ShareDetail;
  /** The pendency the move is made on (all but `open`). */
  pendency?: PendencyRecord;
  /** How many pendencies of the share are open now (clearing the last one moves the share). */
  openCount?: number;
  onClose: () => void;
}

/**
 * The dialog of one pendency move. A refusal with field errors marks those fields (in Portuguese,
 * through the error catalogue) and keeps everything typed; any other refusal is toasted and the
 * dialog stays open with its values.
 */
const PendencyFormModal = ({ move, share, pendency, openCount = 1, onClose }: PendencyFormProps) => {
  const t = useTranslate();
  const [form] = Form.useForm<Values>();
  const { mutateAsync: run, isPending } = usePendencyMove(move, share.contractNumber);
  const label = t(`workspace.pendencies.moves.${move}`);
  const title = pendency ? `${label}: ${t(`pendencyKind.${pendency.kind}`)}` : label;
  const submit = async (values: Values) => {
    try {
      await run(pendencyPayload(move, share, pendency, values));
    } catch (e) {
      applyFieldErrors(form, e as HttpError, t);
      return;
    }
    onClose();
  };
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      okText={label}
      cancelText={t('workspace.actions.cancel')}
      okButtonProps={{ loading: isPending }}
      onOk={() => form.submit()}
      destroyOnHidden
      maskClosable={false}
    >
      <Form<Values>
        id={`pendency-${move}`}
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        requiredMark
        noValidate
        onKeyDown={keepEnterInField}
        initialValues={initialValues(move, pendency)}
      >
        {move === 'open' && <OpenFields form={form} share={share} />}
        {move === 'add_ticket' && pendency && <TicketFields form={form} share={share} pendency={pendency} />}
        {move === 'register_payment' && pendency && <PaymentFields form={form} share={share} pendency={pendency} />}
        {move === 'clear' && pendency && <ClearFields share={share} pendency={pendency} openCount={openCount} />}
      </Form>
    </Modal>
  );
};

export default PendencyFormModal;
