import { useTranslate } from '@refinedev/core';
import { Table, Tag } from 'antd';
import { auditChanges, type AuditChange } from '../../domain';
import '../../i18n/loadAuditMessages';
import { ptBRAudit } from '../../i18n/pt-BR.audit';

const FIELD_LABELS: Readonly<Record<string, string>> = ptBRAudit.audit.fields;
const KIND_COLORS = { added: 'green', removed: 'red', changed: 'blue' } as const;

/**
 * An audit entry's before and after as people read it (issue 18): only the fields that changed, each
 * with its Portuguese name, the old value and the new one.
 */
const AuditChangesView = ({ row }: { row: Readonly<Record<string, unknown>> }) => {
  const t = useTranslate();
  const changes = auditChanges(row.before as Record<string, unknown> | null, row.after as Record<string, unknown> | null);
  const show = (field: string, v: unknown): string => {
    if (v === null || v === undefined || v === '') return t('audit.changes.empty');
    if (typeof v === 'boolean') return t(v ? 'audit.changes.yes' : 'audit.changes.no');
    if (field === 'state' && typeof v === 'string') return t(`shareState.${v}`, { defaultValue: v });
    if (Array.isArray(v)) return v.map((x) => (x && typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', ');
    if (typeof v === 'object') return JSON.stringify(v);
    return String(v);
  };
  if (changes.length === 0) return <p style={{ margin: 0 }}>{t('audit.changes.none')}</p>;
  return (
    <Table<AuditChange>
      size="small"
      pagination={false}
      rowKey="field"
      dataSource={changes}
      aria-label={t('audit.changes.title')}
      columns={[
        {
          key: 'field',
          title: t('audit.changes.field'),
          render: (_, c) => (
            <>
              {FIELD_LABELS[c.field] ?? c.field} <Tag color={KIND_COLORS[c.kind]}>{t(`audit.changes.kind.${c.kind}`)}</Tag>
            </>
          ),
        },
        { key: 'before', title: t('audit.changes.before'), render: (_, c) => show(c.field, c.before) },
        { key: 'after', title: t('audit.changes.after'), render: (_, c) => show(c.field, c.after) },
      ]}
    />
  );
};

export default AuditChangesView;
