import { CanAccess, useCan, useOne, useShow, useTranslate } from '@refinedev/core';
import { EditOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { EMPTY_CELL, formatDocument } from '../../components/formatters';
import { ModalScope } from '../../components/ModalScope';
import '../../i18n/loadManagementMessages';
import { errorText } from '../../providers/notificationProvider';
import { editPath, type FieldDef, type FormContext, type ResourceDef } from '../../resources';
import { RecordPage } from './RecordPage';
import { renderCell } from '../list/cells';
import { useCrudForm } from './crudForm';
import { RecordActions } from './RecordActions';
import { getIn, type Values } from './formModel';
import { AlertIcon } from '../../components/AlertIcon';

/** Another resource's record by its name, when the user may read it; its code otherwise. */
const ReferenceValue = ({ reference, id }: { reference: NonNullable<FieldDef['reference']>; id: string | number }) => {
  const { data: can } = useCan({ resource: reference.resource, action: 'show' });
  const { result } = useOne({ resource: reference.resource, id, queryOptions: { enabled: can?.can === true } });
  const label = result?.[reference.labelField];
  return <>{typeof label === 'string' && label ? label : `#${id}`}</>;
};

const valueOf = (field: FieldDef, value: unknown, t: (key: string, options?: Record<string, unknown>) => string): ReactNode => {
  if (value === undefined || value === null || value === '') {
    return field.kind === 'favicon' ? t('management.administrators.faviconNone') : EMPTY_CELL;
  }
  switch (field.kind) {
    case 'select': {
      if (field.reference) return <ReferenceValue reference={field.reference} id={value as string | number} />;
      const option = field.options?.find((o) => o.value === value);
      return option ? t(option.labelKey) : String(value);
    }
    case 'permissions':
      return Array.isArray(value) && value.length ? (
        <Space wrap size={[4, 4]}>
          {value.map((p: string) => (
            <Tag key={p}>{t(`permissions.${p}`)}</Tag>
          ))}
        </Space>
      ) : (
        t('management.noneSelected')
      );
    case 'boolean':
      return t(value ? 'common.yes' : 'common.no');
    case 'cnpj':
    case 'document':
      return formatDocument(String(value));
    case 'color':
      return (
        <Space>
          <span aria-hidden style={{ display: 'inline-block', width: 16, height: 16, borderRadius: 4, background: String(value), border: '1px solid #d9d9d9' }} />
          <Typography.Text code>{String(value)}</Typography.Text>
        </Space>
      );
    case 'favicon':
      return <img src={String(value)} alt={t('management.administrators.faviconPreview')} width={32} height={32} style={{ objectFit: 'contain' }} />;
    default:
      return String(value);
  }
};

const ShowRecord = ({ def }: { def: ResourceDef }) => {
  const t = useTranslate();
  const { id = '' } = useParams();
  const formDef = useCrudForm(def);
  const navigate = useNavigate();
  const { query, result: record } = useShow<Values>({ resource: def.name, id });
  const { data: canEdit } = useCan({ resource: def.name, action: 'edit', params: { id } });
  const name = String(record?.[def.crud!.nameField] ?? '');
  const title = t(def.crud!.showTitleKey, { name });

  if (query.isError || (!query.isLoading && !record)) {
    return <Alert type="error" showIcon icon={<AlertIcon type="error" />} message={query.error?.statusCode === 404 ? t('management.notFound') : t('management.loadError')} description={query.error ? errorText(query.error.message) : undefined} />;
  }
  // Conditions read the record as the edit form would (the brand only for an `adm` user).
  const context: FormContext = { action: 'edit', profile: null, ownAdmId: null };
  const items = record
    ? [
        ...formDef.fields
          .filter((f) => !f.when || f.when(record, context))
          .map((f) => ({ key: f.key, label: t(f.labelKey), children: valueOf(f, getIn(record, f.key), t) })),
        ...(formDef.showFields ?? []).map((f) => ({ key: f.key, label: t(f.labelKey), children: renderCell(f.cell, record[f.key], t) })),
      ]
    : [];
  return (
    <RecordPage
      title={record ? title : ''}
      back={def.route}
      loading={query.isLoading}
      extra={
        record && (
          <>
            {canEdit?.can === true && (
              <Button icon={<EditOutlined aria-hidden />} onClick={() => navigate(editPath(def.route, id))}>
                {t('buttons.edit')}
              </Button>
            )}
            <RecordActions def={def} id={id} record={record} />
          </>
        )
      }
    >
      <Descriptions column={1} bordered size="middle" items={items} styles={{ label: { width: 280 } }} />
    </RecordPage>
  );
};

/** The generated record page of a resource: its form's fields read-only, its dates, its actions. */
const ShowPage = ({ def }: { def: ResourceDef }) => {
  const t = useTranslate();
  return (
    <ModalScope>
      <CanAccess resource={def.name} action="show" fallback={<Alert type="warning" showIcon icon={<AlertIcon type="warning" />} message={t('forbiddenPage.title')} />}>
        <ShowRecord def={def} />
      </CanAccess>
    </ModalScope>
  );
};

export default ShowPage;
