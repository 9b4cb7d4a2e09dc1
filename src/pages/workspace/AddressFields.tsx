import { useTranslate } from '@refinedev/core';
import { Col, Form, Input, Row } from 'antd';
import { isZip } from '../../domain';
import { formatZipInput } from './masks';

const UFS = 'AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO'.split(' ');

/** The address block of a person or a company (SPEC §3). */
export const AddressFields = ({ required, disabled }: { required: boolean; disabled?: boolean }) => {
  const t = useTranslate();
  const rules = required ? [{ required: true, whitespace: true, message: t('validation.required') }] : [];
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }} disabled={disabled}>
      <legend style={{ fontSize: 14, fontWeight: 600, marginBottom: 8 }}>{t('workspace.person.address')}</legend>
      <Row gutter={12}>
        <Col xs={24} sm={8}>
          <Form.Item
            name={['address', 'zip']}
            label={t('workspace.person.zip')}
            normalize={formatZipInput}
            validateTrigger={['onChange', 'onBlur']}
            // The server's rule (isZip): "123" is refused here, with the reason, before any call.
            rules={[...rules, { validator: (_, v?: string) => (!v || isZip(v) ? Promise.resolve() : Promise.reject(new Error(t('errors.invalidZip')))) }]}
          >
            <Input inputMode="numeric" autoComplete="postal-code" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={16}>
          <Form.Item name={['address', 'address']} label={t('workspace.person.street')} rules={rules}>
            <Input autoComplete="address-line1" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={6}>
          <Form.Item name={['address', 'number']} label={t('workspace.person.number')} rules={rules}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} sm={18}>
          <Form.Item name={['address', 'district']} label={t('workspace.person.district')} rules={rules}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} sm={18}>
          <Form.Item name={['address', 'city']} label={t('workspace.person.city')} rules={rules}>
            <Input autoComplete="address-level2" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={6}>
          <Form.Item
            name={['address', 'state']}
            label={t('workspace.person.state')}
            normalize={(v: string) => v?.toUpperCase().replace(/[^A-Z]/g, '').slice(0, 2)}
            rules={[...rules, { validator: (_, v?: string) => (!v || UFS.includes(v) ? Promise.resolve() : Promise.reject(new Error(t('validation.uf')))) }]}
          >
            <Input autoComplete="address-level1" maxLength={2} />
          </Form.Item>
        </Col>
      </Row>
    </fieldset>
  );
};
