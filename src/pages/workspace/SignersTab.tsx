import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslate, type HttpError } from '@refinedev/core';
import { Alert, App, Button, Card, Col, Form, Input, Row, Space, type FormInstance } from 'antd';
import { FormSelect } from '../../components/FormSelect';
import { useEffect, useMemo, useState } from 'react';
import {
  basicDataFilled,
  can,
  isCpf,
  isEmail,
  isPhone,
  personComplete,
  personListWithDocuments,
  showCoPersonInitially,
  signerConflicts,
  stripMask,
  type CoPerson,
  type Person,
  type PersonRecord,
  type ShareDetail,
  type SignerConflict,
} from '../../domain';
import { FEATURE_FLAGS } from '../../domain/featureFlags';
import { shareRecord, useShareList } from '../../hooks/useShareWorkspace';
import { useApiWrite } from '../../hooks/useApi';
import { useGrantee } from '../../hooks/useSession';
import { useBrand } from '../../providers/BrandContext';
import { AddressFields } from './AddressFields';
import { formatCpfInput, formatPhone } from './masks';
import { OkTag, QueryState, applyFieldErrors } from './shared';
import { useUnsavedForm } from './unsaved';
import { ACCESSIBLE_TEXT_TOKENS } from '../../shell';
import { AlertIcon, CONFIRM_ICON } from '../../components/AlertIcon';

const MARITAL = ['single', 'married', 'divorced', 'widowed', 'stable_union'] as const;
const SIGNERS_EQUAL = /first and second signer/i;

type PersonValues = Person & CoPerson;

/** Values as the form shows them: masked CPF and phone. */
const toForm = (p: Partial<PersonRecord> | null | undefined): PersonValues => ({
  ...(p ?? {}),
  cpf: p?.cpf ? formatCpfInput(p.cpf) : p?.cpf,
  phone: p?.phone ? formatPhone(p.phone) : p?.phone,
});

/** Values as the API stores them: CPF as digits (docs/decisions.md), the rest as typed. */
const toInput = (v: PersonValues, signer: 1 | 2, record?: PersonRecord | null) => ({
  ...v,
  cpf: v.cpf ? stripMask(v.cpf) : v.cpf,
  email: v.email?.trim(),
  signer,
  ...(record?.personId ? { personId: record.personId } : {}),
  ...(record?.ownerRole ? { ownerRole: record.ownerRole } : {}),
});

const validator = (check: (v: unknown) => boolean, message: string) => ({
  validator: (_: unknown, v: unknown) => (v === undefined || v === null || v === '' || check(v) ? Promise.resolve() : Promise.reject(new Error(message))),
});

/** The fields every signer has (SPEC §3 Co-person) with masks and the domain's validation. */
const BasicFields = () => {
  const t = useTranslate();
  const required = { required: true, whitespace: true, message: t('validation.required') };
  return (
    <Row gutter={12}>
      <Col xs={24} md={12}>
        <Form.Item name="name" label={t('workspace.person.name')} rules={[required]}>
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="cpf" label={t('workspace.person.cpf')} normalize={formatCpfInput} validateTrigger={['onChange', 'onBlur']} rules={[required, validator(isCpf, t('validation.cpf'))]}>
          <Input inputMode="numeric" autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="phone" label={t('workspace.person.phone')} normalize={formatPhone} validateTrigger={['onChange', 'onBlur']} rules={[required, validator(isPhone, t('validation.phone'))]}>
          <Input inputMode="tel" autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="email" label={t('workspace.person.email')} validateTrigger={['onChange', 'onBlur']} rules={[required, validator(isEmail, t('validation.email'))]}>
          <Input type="email" autoComplete="off" />
        </Form.Item>
      </Col>
    </Row>
  );
};

const FullFields = ({ isPj, disabled }: { isPj: boolean; disabled: boolean }) => {
  const t = useTranslate();
  return (
    <>
      <Row gutter={12}>
        <Col xs={24} md={8}>
          <Form.Item name="rg" label={t('workspace.person.rg')}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="documentDispatcher" label={t('workspace.person.documentDispatcher')}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="nationality" label={t('workspace.person.nationality')}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="occupation" label={t('workspace.person.occupation')}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="maritalStatus" label={t('workspace.person.maritalStatus')}>
            <FormSelect allowClear options={MARITAL.map((m) => ({ value: m, label: t(`workspace.person.maritalStatuses.${m}`) }))} />
          </Form.Item>
        </Col>
      </Row>
      <AddressFields required={false} disabled={disabled} />
      {isPj && <p style={{ color: ACCESSIBLE_TEXT_TOKENS.colorTextDescription, marginTop: 0 }}>{t('workspace.person.addressNotRequired')}</p>}
    </>
  );
};

const Badges = ({ form, isPj, full }: { form: FormInstance<PersonValues>; isPj: boolean; full: boolean }) => {
  const t = useTranslate();
  const values = Form.useWatch([], form) as PersonValues | undefined;
  return (
    <Space wrap data-testid={full ? 'signer1-badges' : 'signer2-badges'}>
      <OkTag ok={basicDataFilled(values)} yes={t('workspace.person.basicFilled')} no={t('workspace.person.basicMissing')} />
      {full && <OkTag ok={personComplete(values, isPj)} yes={t('workspace.person.complete')} no={t('workspace.person.incomplete')} />}
    </Space>
  );
};

interface SignerFormProps {
  share: ShareDetail;
  signer: 1 | 2;
  record: PersonRecord | null;
  /** The other signer's current values, for the distinct-signer check. */
  other: () => PersonValues | null;
  form: FormInstance<PersonValues>;
  writable: boolean;
  extra?: React.ReactNode;
}

const SignerForm = ({ share, signer, record, other, form, writable, extra }: SignerFormProps) => {
  const t = useTranslate();
  const [distinctError, setDistinctError] = useState(false);
  const unsaved = useUnsavedForm(`signer${signer}`);
  const save = useApiWrite({
    endpoint: 'person.save',
    success: 'workspace.person.saved',
    ...shareRecord(share.contractNumber),
  });
  useEffect(() => {
    form.setFieldsValue(toForm(record));
  }, [form, record]);

  /** Marks only the fields the two signers share, each saying which one it is. */
  const markEqual = (fields: readonly SignerConflict[]) => {
    setDistinctError(true);
    form.setFields(fields.map((name) => ({ name, errors: [t(name === 'cpf' ? 'workspace.signersSameCpf' : 'workspace.signersSameEmail')] })));
  };

  const submit = async (values: PersonValues) => {
    setDistinctError(false);
    const conflicts = signerConflicts(values, other());
    if (conflicts.length) {
      markEqual(conflicts);
      return;
    }
    try {
      await save.mutateAsync({ shareId: share.shareId, person: toInput(values, signer, record) });
      unsaved.saved();
    } catch (e) {
      const err = e as HttpError;
      // The server names the fields the signers share; the alert says the rule, each field its part.
      const entries = Object.entries(err.errors ?? {});
      const shared = entries.filter(([f, m]) => (f === 'cpf' || f === 'email') && SIGNERS_EQUAL.test(String(m))).map(([f]) => f as SignerConflict);
      applyFieldErrors(form, { ...err, errors: Object.fromEntries(entries.filter(([f]) => !shared.includes(f as SignerConflict))) } as HttpError, t);
      if (shared.length) markEqual(shared);
      else if (SIGNERS_EQUAL.test(err.message ?? '')) markEqual(signerConflicts(values, other()));
    }
  };

  const title = t(signer === 1 ? 'workspace.person.first' : 'workspace.person.second');
  return (
    <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>{title}</h2>} extra={extra}>
      <Form<PersonValues> form={form} layout="vertical" onFinish={submit} disabled={!writable} name={`signer${signer}`} aria-label={title} noValidate onValuesChange={unsaved.changed}>
        <Badges form={form} isPj={share.isPj} full={signer === 1} />
        {distinctError && <Alert style={{ margin: '12px 0' }} type="error" showIcon icon={<AlertIcon type="error" />} role="alert" message={t('workspace.signersDistinct')} />}
        <div style={{ marginTop: 12 }}>
          <BasicFields />
          {(signer === 1 || FEATURE_FLAGS.displayCoPersonAddress) && (signer === 1 ? <FullFields isPj={share.isPj} disabled={!writable} /> : <AddressFields required={false} disabled={!writable} />)}
        </div>
        {writable && (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('workspace.person.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
};

const SignersTab = ({ share }: { share: ShareDetail }) => {
  const t = useTranslate();
  const who = useGrantee();
  const brand = useBrand();
  const { modal } = App.useApp();
  const writable = can(who, 'person.write');
  const withDocuments = personListWithDocuments(who.profile, brand.config);
  const persons = useShareList<PersonRecord>(share.contractNumber, 'person.list', { contractNumber: share.contractNumber, withDocuments });
  const first = useMemo(() => persons.list.find((p) => p.signer === 1) ?? null, [persons.list]);
  const second = useMemo(() => persons.list.find((p) => p.signer === 2) ?? null, [persons.list]);
  const [firstForm] = Form.useForm<PersonValues>();
  const [secondForm] = Form.useForm<PersonValues>();
  const [showSecond, setShowSecond] = useState<boolean | null>(null);
  const secondVisible = showSecond ?? showCoPersonInitially(second ? { name: second.name, cpf: second.cpf, phone: second.phone, email: second.email } : null);
  const remove = useApiWrite({ endpoint: 'person.delete', success: 'workspace.person.removed', ...shareRecord(share.contractNumber) });

  const askRemove = () =>
    modal.confirm({
      icon: CONFIRM_ICON,
      title: t('workspace.person.removeConfirm'),
      okText: t('workspace.person.removeSecond'),
      cancelText: t('workspace.actions.cancel'),
      okButtonProps: { danger: true },
      autoFocusButton: 'cancel',
      onOk: async () => {
        if (second?.personId) await remove.mutateAsync({ shareId: share.shareId, person: { personId: second.personId, signer: 2 } }).catch(() => undefined);
        secondForm.resetFields();
        setShowSecond(false);
      },
    });

  return (
    <QueryState loading={persons.isLoading} error={persons.error as HttpError | null}>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <SignerForm share={share} signer={1} record={first} form={firstForm} other={() => (secondVisible ? secondForm.getFieldsValue() : null)} writable={writable} />
        {secondVisible ? (
          <SignerForm
            share={share}
            signer={2}
            record={second}
            form={secondForm}
            other={() => firstForm.getFieldsValue()}
            writable={writable}
            extra={
              writable && (
                <Button danger icon={<DeleteOutlined aria-hidden />} onClick={askRemove} loading={remove.isPending}>
                  {t('workspace.person.removeSecond')}
                </Button>
              )
            }
          />
        ) : (
          writable && (
            <Button icon={<UserAddOutlined aria-hidden />} onClick={() => setShowSecond(true)}>
              {t('workspace.person.addSecond')}
            </Button>
          )
        )}
      </Space>
    </QueryState>
  );
};

export default SignersTab;
