import { useTranslate, type HttpError } from '@refinedev/core';
import { Button, Card, Col, Collapse, Empty, Form, Row, Space } from 'antd';
import { FormSelect } from '../../components/FormSelect';
import { useMemo } from 'react';
import {
  DOCUMENT_TYPES,
  personListWithDocuments,
  type DocumentType,
  type FileRef,
  type PersonRecord,
  type ShareDetail,
  type ShareHistoryEntry,
} from '../../domain';
import { actionAvailable } from '../../domain/shareActions';
import { FileField } from '../../components/upload/FileField';
import { formatDateTime } from '../../components/formatters';
import { useShareList } from '../../hooks/useShareWorkspace';
import { useShareAction } from '../../hooks/useShareAction';
import { useGrantee } from '../../hooks/useSession';
import { useBrand } from '../../providers/BrandContext';
import { FileLink } from '../../components/FileLink';
import { QueryState, admSlugOf } from './shared';
import { useUnsavedForm } from './unsaved';
import { ACCESSIBLE_TEXT_TOKENS } from '../../shell';

type Group = DocumentType | 'other';

/** Files grouped by document type, in the order of SPEC §3; untyped files last. */
export const groupByType = (files: readonly FileRef[]): [Group, FileRef[]][] => {
  const seen = new Set<string>();
  const unique = files.filter((f) => (seen.has(f.fileId) ? false : (seen.add(f.fileId), true)));
  const groups: [Group, FileRef[]][] = [...DOCUMENT_TYPES, 'other' as const].map((type) => [
    type,
    unique.filter((f) => (f.documentType && (DOCUMENT_TYPES as readonly string[]).includes(f.documentType) ? f.documentType : 'other') === type),
  ]);
  return groups.filter(([, list]) => list.length > 0);
};

const FileGroups = ({ files, emptyText }: { files: readonly FileRef[]; emptyText: string }) => {
  const t = useTranslate();
  const groups = groupByType(files);
  if (groups.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  return (
    <Collapse
      size="small"
      defaultActiveKey={groups.map(([g]) => g)}
      items={groups.map(([group, list]) => ({
        key: group,
        label: `${t(`documentType.${group}`)} (${list.length})`,
        children: (
          <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {list.map((f) => (
              <li key={f.fileId}>
                <FileLink file={f} /> <span style={{ color: ACCESSIBLE_TEXT_TOKENS.colorTextDescription }}>{formatDateTime(f.uploadedAt)}</span>
              </li>
            ))}
          </ul>
        ),
      }))}
    />
  );
};

const AttachForm = ({ share }: { share: ShareDetail }) => {
  const t = useTranslate();
  const [form] = Form.useForm<{ documentType?: DocumentType; file?: FileRef | null }>();
  const attach = useShareAction('proof_attach', share.contractNumber);
  const unsaved = useUnsavedForm('attach');
  const required = { required: true, message: t('validation.required') };
  return (
    <Form
      form={form}
      layout="vertical"
      name="attach"
      noValidate
      onValuesChange={unsaved.changed}
      onFinish={async (v) => {
        await attach
          .mutateAsync({ shareId: share.shareId, proofFile: v.file?.fileId, documentType: v.documentType })
          .then(() => {
            form.resetFields();
            unsaved.saved();
          })
          .catch(() => undefined);
      }}
    >
      <Row gutter={12}>
        <Col xs={24} md={10}>
          <Form.Item name="documentType" label={t('workspace.actions.fields.documentType')} rules={[required]}>
            <FormSelect showSearch optionFilterProp="label" options={DOCUMENT_TYPES.map((d) => ({ value: d, label: t(`documentType.${d}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={14}>
          <FileField name="file" label={t('workspace.actions.fields.file')} admSlug={admSlugOf(share)} id="attach-file" required />
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={attach.isPending}>
        {t('workspace.documents.upload')}
      </Button>
    </Form>
  );
};

/** Every document of the share, grouped by type; person documents per SPEC §6. */
const DocumentsTab = ({ share }: { share: ShareDetail }) => {
  const t = useTranslate();
  const who = useGrantee();
  const brand = useBrand();
  const withDocuments = personListWithDocuments(who.profile, brand.config);
  const history = useShareList<ShareHistoryEntry>(share.contractNumber, 'share.getHistory', { shareId: share.shareId });
  const persons = useShareList<PersonRecord>(share.contractNumber, 'person.list', { contractNumber: share.contractNumber, withDocuments }, { enabled: withDocuments });
  const shareFiles = useMemo(() => history.list.flatMap((h) => h.files ?? []), [history.list]);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      {actionAvailable('proof_attach', share.state, who) && (
        <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('workspace.documents.upload')}</h2>}>
          <AttachForm share={share} />
        </Card>
      )}
      <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('workspace.documents.shareDocuments')}</h2>}>
        <QueryState loading={history.isLoading} error={history.error as HttpError | null}>
          <FileGroups files={shareFiles} emptyText={t('workspace.documents.empty')} />
        </QueryState>
      </Card>
      {withDocuments ? (
        <QueryState loading={persons.isLoading} error={persons.error as HttpError | null}>
          {persons.list.map((p) => (
            <Card key={p.personId} size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('workspace.documents.personDocuments', { name: p.name ?? '' })}</h2>}>
              <FileGroups files={p.documents ?? []} emptyText={t('workspace.documents.empty')} />
            </Card>
          ))}
        </QueryState>
      ) : (
        <p style={{ color: ACCESSIBLE_TEXT_TOKENS.colorTextDescription }}>{t('workspace.documents.hidden')}</p>
      )}
    </Space>
  );
};

export default DocumentsTab;
