import { useTranslate } from '@refinedev/core';
import { Alert, Form, Input, Select, Switch, Tag, Typography } from 'antd';
import { FAVICON_MAX_BYTES } from '../../domain/management';
import type { Profile } from '../../domain';
import type { FieldDef, FormContext } from '../../resources';
import { formatCnpjInput, formatCpfInput } from '../workspace/masks';
import { ColorField } from './ColorField';
import { FaviconField } from './FaviconField';
import { fixedValue, getIn, isShown, namePath, rulesFor, type Values } from './formModel';
import { PermissionsSelect } from './PermissionsSelect';
import { ReferenceSelect } from './ReferenceSelect';
import { AlertIcon } from '../../components/AlertIcon';

/** CPF while it fits one, CNPJ (letters allowed) past 11 characters. */
const formatDocumentInput = (value: string | undefined): string => {
  const raw = (value ?? '').replace(/[^0-9A-Za-z]/g, '');
  return raw.length <= 11 && /^\d*$/.test(raw) ? formatCpfInput(raw) : formatCnpjInput(raw);
};

interface FieldProps {
  field: FieldDef;
  context: FormContext;
  values: Values;
  /** The storage flow's admSlug for uploads made by this form. */
  admSlug: string;
}

const Control = ({ field, values, admSlug, label, id, value, onChange }: Omit<FieldProps, 'context'> & { label: string; id?: string; value?: unknown; onChange?: (v: unknown) => void }) => {
  const t = useTranslate();
  switch (field.kind) {
    case 'select':
      return field.reference ? (
        <ReferenceSelect id={id} value={value as string | number | null} onChange={onChange} reference={field.reference} />
      ) : (
        <Select
          id={id}
          value={value as string | undefined}
          onChange={onChange}
          placeholder={t('management.selectPlaceholder')}
          options={(field.options ?? []).map((o) => ({ value: o.value, label: t(o.labelKey) }))}
        />
      );
    case 'permissions':
      return <PermissionsSelect id={id} value={value as string[]} onChange={onChange} profile={values.profile as Profile | undefined} />;
    case 'boolean':
      return <Switch id={id} checked={value === true} onChange={(checked) => onChange?.(checked)} />;
    case 'color':
      return <ColorField id={id} value={value as string} onChange={onChange} label={label} />;
    case 'favicon':
      return <FaviconField id={id} value={value as never} onChange={onChange} admSlug={admSlug} label={label} />;
    default:
      return (
        <Input
          id={id}
          value={value as string}
          onChange={(e) => onChange?.(e.target.value)}
          type={field.kind === 'email' ? 'email' : 'text'}
          autoComplete="off"
          spellCheck={field.kind === 'text'}
        />
      );
  }
};

const normalizer = (field: FieldDef) => {
  switch (field.kind) {
    case 'cnpj':
      return formatCnpjInput;
    case 'document':
      return formatDocumentInput;
    case 'labelId':
      return (v: string | undefined) => (v ?? '').toLowerCase();
    default:
      return undefined;
  }
};

/** The value a fixed field reads as: its option's label, or the field's own wording. */
const fixedText = (field: FieldDef, value: unknown, t: (k: string) => string): string => {
  const option = field.options?.find((o) => o.value === value);
  if (option) return t(option.labelKey);
  if (field.fixedLabelKey) return t(field.fixedLabelKey);
  return value === undefined || value === null ? '' : String(value);
};

/** One field of a generated form: its control, label, checks, help and caution. */
export const FormField = ({ field, context, values, admSlug }: FieldProps) => {
  const t = useTranslate();
  if (!isShown(field, values, context)) return null;
  const label = t(field.labelKey);
  const fixed = fixedValue(field, context);
  if (fixed !== undefined) {
    return (
      <Form.Item label={label}>
        <Typography.Text strong data-testid={`fixed-${field.key}`}>
          {fixedText(field, fixed, t)}
        </Typography.Text>{' '}
        <Tag>{t('management.fixed')}</Tag>
      </Form.Item>
    );
  }
  const warning = field.warning?.(getIn(values, field.key));
  const help = field.helpKey ? t(field.helpKey, { kb: Math.round(FAVICON_MAX_BYTES / 1024) }) : null;
  return (
    <Form.Item
      name={namePath(field.key)}
      label={label}
      rules={rulesFor(field, t)}
      normalize={normalizer(field)}
      validateFirst
      {...(field.kind === 'boolean' ? { valuePropName: 'checked' } : {})}
      extra={
        help || warning ? (
          <>
            {help && <div>{help}</div>}
            {warning && <Alert type="warning" showIcon icon={<AlertIcon type="warning" />} style={{ marginTop: 4 }} message={t(warning.key, warning.values)} data-testid={`warning-${field.key}`} />}
          </>
        ) : undefined
      }
    >
      <ControlSlot field={field} values={values} admSlug={admSlug} label={label} />
    </Form.Item>
  );
};

// Form.Item hands its child id, value and onChange (checked for a switch).
const ControlSlot = (props: Omit<FieldProps, 'context'> & { label: string; id?: string; value?: unknown; checked?: boolean; onChange?: (v: unknown) => void }) => (
  <Control {...props} value={props.field.kind === 'boolean' ? props.checked : props.value} />
);
