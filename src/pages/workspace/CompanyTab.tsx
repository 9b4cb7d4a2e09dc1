import { useTranslate, type HttpError } from '@refinedev/core';
import { Button, Card, Col, Form, Input, Row, Space } from 'antd';
import { useEffect } from 'react';
import { can, companyComplete, isCnpj, isEmail, isPhone, personListWithDocuments, stripMask, type Company, type CompanyRecord, type ShareDetail } from '../../domain';
import { shareRecord, useShareQuery } from '../../hooks/useShareWorkspace';
import { useApiWrite } from '../../hooks/useApi';
import { useGrantee } from '../../hooks/useSession';
import { useBrand } from '../../providers/BrandContext';
import { AddressFields } from './AddressFields';
import { formatCnpjInput, formatPhone } from './masks';
import { OkTag, QueryState, applyFieldErrors } from './shared';
import { useUnsavedForm } from './unsaved';

const check = (fn: (v: unknown) => boolean, message: string) => ({
  validator: (_: unknown, v: unknown) => (!v || fn(v) ? Promise.resolve() : Promise.reject(new Error(message))),
});

/** PJ shares only: GET /company/get, POST /company/save, completeness (SPEC §5). */
const CompanyTab = ({ share }: { share: ShareDetail }) => {
  const t = useTranslate();
  const who = useGrantee();
  const brand = useBrand();
  const writable = can(who, 'company.write');
  const [form] = Form.useForm<Company>();
  const values = Form.useWatch([], form) as Company | undefined;
  const company = useShareQuery<CompanyRecord>(share.contractNumber, 'company.get', {
    contractNumber: share.contractNumber,
    withDocuments: personListWithDocuments(who.profile, brand.config),
  });
  const save = useApiWrite({ endpoint: 'company.save', success: 'workspace.company.saved', ...shareRecord(share.contractNumber) });
  const required = { required: true, whitespace: true, message: t('validation.required') };
  const unsaved = useUnsavedForm('company');

  useEffect(() => {
    if (company.data) form.setFieldsValue({ ...company.data, cnpj: formatCnpjInput(company.data.cnpj ?? ''), primaryPhone: formatPhone(company.data.primaryPhone ?? '') });
  }, [company.data, form]);

  const submit = async (v: Company) => {
    try {
      await save.mutateAsync({ shareId: share.shareId, company: { ...v, cnpj: v.cnpj ? stripMask(v.cnpj).toUpperCase() : v.cnpj, email: v.email?.trim() } });
      unsaved.saved();
    } catch (e) {
      applyFieldErrors(form, e as HttpError, t);
    }
  };

  return (
    <QueryState loading={company.isLoading} error={company.error?.statusCode === 404 ? null : company.error}>
      <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('workspace.company.title')}</h2>}>
        <Space style={{ marginBottom: 12 }}>
          <OkTag ok={companyComplete(values, true)} yes={t('workspace.company.complete')} no={t('workspace.company.incomplete')} />
        </Space>
        <Form<Company> form={form} layout="vertical" onFinish={submit} disabled={!writable} name="company" noValidate onValuesChange={unsaved.changed}>
          <Row gutter={12}>
            <Col xs={24} md={12}>
              <Form.Item name="name" label={t('workspace.company.name')} rules={[required]}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="cnpj" label={t('workspace.company.cnpj')} normalize={formatCnpjInput} rules={[required, check(isCnpj, t('validation.cnpj'))]}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="primaryPhone" label={t('workspace.company.primaryPhone')} normalize={formatPhone} rules={[required, check(isPhone, t('validation.phone'))]}>
                <Input inputMode="tel" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="email" label={t('workspace.company.email')} rules={[required, check(isEmail, t('validation.email'))]}>
                <Input type="email" />
              </Form.Item>
            </Col>
          </Row>
          <AddressFields required disabled={!writable} />
          {writable && (
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('workspace.company.save')}
            </Button>
          )}
        </Form>
      </Card>
    </QueryState>
  );
};

export default CompanyTab;
