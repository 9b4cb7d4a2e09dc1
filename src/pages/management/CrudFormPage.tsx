import { useForm } from '@refinedev/antd';
import { CanAccess, useNotification, useTranslate, type HttpError } from '@refinedev/core';
import { Alert, Button, Col, Form, Row, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import '../../i18n/loadManagementMessages';
import { errorText } from '../../providers/notificationProvider';
import { recordPath, type FieldDef, type ResourceDef } from '../../resources';
import { RecordPage } from './RecordPage';
import { BrandPreview } from './BrandPreview';
import { useCrudForm, useFormContext } from './crudForm';
import { FormField } from './FormFields';
import { getIn, initialValues, namePath, serverFieldMessage, toInput, type Values } from './formModel';
import { OneTimePasswordModal } from './OneTimePasswordModal';
import { AlertIcon } from '../../components/AlertIcon';

type Action = 'create' | 'edit';

const messageOf = (m: unknown): string =>
  Array.isArray(m) ? m.map(messageOf).join(' ') : typeof m === 'string' ? m : String((m as { message?: unknown })?.message ?? '');

const CrudForm = ({ def, action }: { def: ResourceDef; action: Action }) => {
  const t = useTranslate();
  const navigate = useNavigate();
  const { open } = useNotification();
  const { id } = useParams();
  const crud = def.crud!;
  const idParam = def.api.get!.idParam;
  const formDef = useCrudForm(def);
  const context = useFormContext(action);
  const [oneTime, setOneTime] = useState<{ id: string; name: string; password: string } | null>(null);

  const { formProps, saveButtonProps, query, onFinish, form, formLoading } = useForm<Values, HttpError, Values>({
    resource: def.name,
    action,
    id: action === 'edit' ? id : undefined,
    redirect: false,
    queryOptions: { enabled: action === 'edit' },
    successNotification: () =>
      action === 'create' && crud.afterCreate === 'oneTimePassword' ? false : { type: 'success', message: t(action === 'create' ? 'management.created' : 'management.saved') },
    // A refusal the form shows on its fields needs no second, vaguer toast ("Informações inválidas"):
    // the toast then says where to look. Other refusals toast their catalogue message as everywhere.
    errorNotification: (error) =>
      error?.errors && Object.keys(error.errors).length
        ? { type: 'error', message: t('management.fixFields') }
        : { type: 'error', message: errorText(error?.message ?? '') },
    onMutationSuccess: ({ data }) => {
      const answer = data as Values;
      const record = (crud.afterCreate === 'oneTimePassword' && action === 'create' ? answer.user : answer) as Values | undefined;
      const recordId = String(record?.[idParam] ?? id ?? '');
      if (action === 'create' && crud.afterCreate === 'oneTimePassword' && typeof answer.temporaryPassword === 'string') {
        setOneTime({ id: recordId, name: String(record?.[crud.nameField] ?? ''), password: answer.temporaryPassword });
        return;
      }
      if (recordId) navigate(recordPath(def.route, recordId));
    },
    // Refine has put the server's `errors` on their fields as they came (English); they are read
    // again here in Portuguese, with the rule the form knows for each field.
    onMutationError: (error) => {
      const values = form.getFieldsValue(true) as Values;
      const fields = Object.entries(error?.errors ?? {}).map(([key, message]) => {
        const field: FieldDef | undefined = formDef.fields.find((f) => f.key === key || (f.kind === 'favicon' && key === 'faviconFile'));
        const name = field?.key ?? key;
        return { name: namePath(name), errors: [serverFieldMessage(field, messageOf(message), getIn(values, name), t, errorText)] };
      });
      if (!fields.length) return;
      form.setFields(fields as never);
      try {
        form.scrollToField(fields[0].name, { block: 'center' });
      } catch {
        // No layout to scroll (tests): the message is on its field all the same.
      }
    },
  });

  const record = query?.data?.data;
  const initial = useMemo(() => initialValues(formDef.fields, context, action === 'edit' ? record : null), [formDef.fields, context, action, record]);
  const values = (Form.useWatch((v: Values) => v, { form, preserve: true }) ?? initial) as Values;
  const name = String(record?.[crud.nameField] ?? '');
  const title = action === 'create' ? t(crud.createKey) : t(crud.editTitleKey, { name });

  const submit = async (raw: Values) => {
    const all = { ...(form.getFieldsValue(true) as Values), ...raw };
    const input = toInput(formDef.fields, all, context, action === 'edit' ? initial : undefined);
    if (action === 'edit' && Object.keys(input).length === 0) {
      open?.({ type: 'success', message: t('management.nothingChanged') });
      navigate(recordPath(def.route, id ?? ''));
      return;
    }
    // A refused save keeps every value typed; Refine's onMutationError puts the reasons on the fields.
    await onFinish(input).catch(() => undefined);
  };

  if (action === 'edit' && query?.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (action === 'edit' && (query?.isError || !record)) {
    return <Alert type="error" showIcon icon={<AlertIcon type="error" />} message={query?.error?.statusCode === 404 ? t('management.notFound') : t('management.loadError')} description={query?.error ? errorText(query.error.message) : undefined} />;
  }

  const fields = (
    <Form {...formProps} form={form} layout="vertical" initialValues={initial} onFinish={(v) => void submit(v as Values)} requiredMark style={{ maxWidth: 640 }} name={`${def.name}-${action}`}>
      {formDef.fields.map((f) => (
        <FormField key={f.key} field={f} context={context} values={values} admSlug={formDef.uploadSlug?.(action === 'edit' ? id : undefined) ?? 'repasse'} />
      ))}
    </Form>
  );
  const body =
    formDef.preview === 'brand' ? (
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={14}>
          {fields}
        </Col>
        <Col xs={24} xl={10}>
          <div style={{ position: 'sticky', top: 24 }}>
            <BrandPreview form={form} />
          </div>
        </Col>
      </Row>
    ) : (
      fields
    );
  return (
    <>
      <RecordPage
        title={title}
        back={action === 'edit' ? recordPath(def.route, id ?? '') : def.route}
        footer={
          <Button type="primary" {...saveButtonProps} loading={formLoading}>
            {t('buttons.save')}
          </Button>
        }
      >
        {body}
      </RecordPage>
      {oneTime && (
        <OneTimePasswordModal
          name={oneTime.name}
          password={oneTime.password}
          onClose={() => {
            setOneTime(null);
            navigate(recordPath(def.route, oneTime.id));
          }}
        />
      )}
    </>
  );
};

/** The generated create and edit page of a resource (its definition's `crud.form`). */
const CrudFormPage = ({ def, action }: { def: ResourceDef; action: Action }) => {
  const t = useTranslate();
  return (
    <CanAccess resource={def.name} action={action} fallback={<Alert type="warning" showIcon icon={<AlertIcon type="warning" />} message={t('forbiddenPage.title')} />}>
      <CrudForm def={def} action={action} />
    </CanAccess>
  );
};

export default CrudFormPage;
