import { CheckCircleFilled, PlusOutlined } from '@ant-design/icons';
import { useTranslate, type HttpError } from '@refinedev/core';
import { Button, Card, Checkbox, Col, Form, Input, Row, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { bankFilled, can, isBankAccount, isBankAgency, type BankRecord, type BrazilianBank, type ShareDetail } from '../../domain';
import { shareRecord, useShareList } from '../../hooks/useShareWorkspace';
import { useApiList, useApiWrite } from '../../hooks/useApi';
import { useGrantee } from '../../hooks/useSession';
import { OkTag, QueryState, applyFieldErrors } from './shared';
import { useUnsavedForm } from './unsaved';

interface BankValues {
  bank?: string;
  agency?: string;
  account?: string;
  select?: boolean;
}

/** Searchable by code or name over GET /bank/list_brazilian_banks?q (the server's real list). */
const BankSearch = ({ value, onChange, id }: { value?: string; onChange?: (v: string) => void; id?: string }) => {
  const t = useTranslate();
  const [q, setQ] = useState('');
  const banks = useApiList<BrazilianBank>('bank.listBrazilianBanks', q ? { q } : {}, { staleTime: 10 * 60_000 });
  return (
    <Select
      id={id}
      showSearch
      value={value}
      onChange={onChange}
      filterOption={false}
      onSearch={setQ}
      loading={banks.isFetching}
      placeholder={t('workspace.bank.bankSearch')}
      options={banks.list.map((b) => ({ value: `${b.code}|${b.name}`, label: `${b.code} — ${b.commercialName ? `${b.commercialName} (${b.name})` : b.name}` }))}
    />
  );
};

const BankTab = ({ share }: { share: ShareDetail }) => {
  const t = useTranslate();
  const who = useGrantee();
  const writable = can(who, 'bank.write');
  const banks = useShareList<BankRecord>(share.contractNumber, 'bank.list', { contractNumber: share.contractNumber });
  const save = useApiWrite({ endpoint: 'bank.save', success: 'workspace.bank.saved', ...shareRecord(share.contractNumber) });
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm<BankValues>();
  const unsaved = useUnsavedForm('bank');
  const selected = banks.list.find((b) => b.selected) ?? null;
  const required = { required: true, whitespace: true, message: t('validation.required') };
  // The server's rules (src/domain/validation.ts), with its Portuguese reason on the field.
  const rule = (check: (v: unknown) => boolean, key: string) => ({
    validator: (_: unknown, v?: string) => (!v?.trim() || check(v) ? Promise.resolve() : Promise.reject(new Error(t(key)))),
  });

  const choose = (b: BankRecord) => save.mutate({ shareId: share.shareId, bank: { bankId: b.bankId, name: b.name, code: b.code, agency: b.agency, account: b.account }, select: true });

  const submit = async (v: BankValues) => {
    const [code, ...name] = (v.bank ?? '').split('|');
    try {
      await save.mutateAsync({ shareId: share.shareId, bank: { code, name: name.join('|'), agency: v.agency?.trim(), account: v.account?.trim() }, select: !!v.select });
      form.resetFields();
      setAdding(false);
      unsaved.saved();
    } catch (e) {
      applyFieldErrors(form, e as HttpError, t);
    }
  };

  return (
    <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('workspace.bank.title')}</h2>} extra={<OkTag ok={bankFilled(selected)} yes={t('workspace.bank.filled')} no={t('workspace.bank.notFilled')} />}>
      <QueryState loading={banks.isLoading} error={banks.error}>
        <Table<BankRecord>
          size="small"
          rowKey="bankId"
          pagination={false}
          dataSource={banks.list}
          locale={{ emptyText: t('workspace.bank.empty') }}
          columns={[
            { key: 'code', title: t('workspace.bank.code'), dataIndex: 'code' },
            { key: 'name', title: t('workspace.bank.name'), dataIndex: 'name' },
            { key: 'agency', title: t('workspace.bank.agency'), dataIndex: 'agency' },
            { key: 'account', title: t('workspace.bank.account'), dataIndex: 'account' },
            {
              key: 'selected',
              title: t('workspace.bank.selected'),
              render: (_: unknown, b: BankRecord) =>
                b.selected ? (
                  <Space>
                    <CheckCircleFilled style={{ color: '#52c41a' }} aria-hidden />
                    {t('workspace.bank.selected')}
                  </Space>
                ) : (
                  writable && (
                    <Button size="small" onClick={() => choose(b)} loading={save.isPending}>
                      {t('workspace.bank.select')}
                    </Button>
                  )
                ),
            },
          ]}
        />
      </QueryState>
      {writable &&
        (adding ? (
          <Form<BankValues> form={form} layout="vertical" onFinish={submit} style={{ marginTop: 16 }} name="bank" initialValues={{ select: true }} noValidate onValuesChange={unsaved.changed}>
            <Row gutter={12}>
              <Col xs={24} md={12}>
                <Form.Item name="bank" label={t('workspace.bank.bank')} rules={[required]}>
                  <BankSearch />
                </Form.Item>
              </Col>
              <Col xs={12} md={6}>
                <Form.Item name="agency" label={t('workspace.bank.agency')} validateTrigger={['onChange', 'onBlur']} rules={[required, rule(isBankAgency, 'errors.invalidAgency')]}>
                  <Input inputMode="numeric" />
                </Form.Item>
              </Col>
              <Col xs={12} md={6}>
                <Form.Item name="account" label={t('workspace.bank.account')} validateTrigger={['onChange', 'onBlur']} rules={[required, rule(isBankAccount, 'errors.invalidAccount')]}>
                  <Input />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="select" valuePropName="checked">
              <Checkbox>{t('workspace.bank.selectAfterSave')}</Checkbox>
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t('workspace.bank.save')}
              </Button>
              <Button
                onClick={() => {
                  // "Voltar" discards the new account on purpose: nothing to warn about afterwards.
                  setAdding(false);
                  unsaved.saved();
                }}
              >
                {t('workspace.actions.cancel')}
              </Button>
            </Space>
          </Form>
        ) : (
          <Button style={{ marginTop: 16 }} icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>
            {t('workspace.bank.add')}
          </Button>
        ))}
    </Card>
  );
};

export default BankTab;
