import { AuditOutlined } from '@ant-design/icons';
import { getDefaultFilter, type CrudFilter } from '@refinedev/core';
import { API, isAuditAction, isAuditObjectType, type AuditListFilters } from '../domain';
import type { ResourceDef } from './types';

export const AUDIT_ROUTE = '/auditoria';

/** The URL's CrudFilters as GET /audit/list filters (the URL keeps strings; unknown values are dropped). */
export const toAuditListFilters = (filters: readonly CrudFilter[] = []): AuditListFilters => {
  const all = [...filters];
  const out: AuditListFilters = {};
  const text = (field: string) => {
    const v = getDefaultFilter(field, all, 'eq') as unknown;
    return typeof v === 'string' && v.trim() ? v.trim() : undefined;
  };
  const userId = text('userId');
  if (userId) out.userId = userId;
  const objectType = text('objectType');
  if (isAuditObjectType(objectType)) out.objectType = objectType;
  const object = text('object');
  if (object) out.object = object;
  const raw = getDefaultFilter('action', all, 'in') as unknown;
  const action = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).filter(isAuditAction);
  if (action.length) out.action = [...new Set(action)];
  // The period is whole days in the user's time zone, as the date pickers show them; `to` includes its day.
  const from = localDay(text('from'), 0);
  if (from) out.from = from;
  const to = localDay(text('to'), 1);
  if (to) out.to = to;
  return out;
};

/** The instant a YYYY-MM-DD day (plus `plusDays`) starts in the browser's time zone, or undefined. */
const localDay = (day: string | undefined, plusDays: number): string | undefined => {
  const m = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  if (!m) return undefined;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + plusDays);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
};

/**
 * The audit trail (issue 18): every change by anyone, newest first, for operators (all of it) and
 * administrators (their brand's). Its filter bar and the before/after view are their own chunks.
 */
export const audit: ResourceDef = {
  name: 'audit',
  route: AUDIT_ROUTE,
  labelKey: 'menu.audit',
  titleKey: 'audit.title',
  icon: AuditOutlined,
  api: { kind: 'json', list: API.audit.list, toFilters: (filters) => ({ ...toAuditListFilters(filters) }) },
  permissions: { list: 'audit.read' },
  rowKey: 'auditId',
  columns: [
    { key: 'at', titleKey: 'audit.at', dataIndex: 'at', cell: 'dateTime' },
    { key: 'userName', titleKey: 'audit.user', dataIndex: 'userName', emptyKey: 'audit.noUser' },
    { key: 'action', titleKey: 'audit.action', dataIndex: 'action', cell: 'tag', labelPrefix: 'audit.actions' },
    { key: 'objectType', titleKey: 'audit.objectType', dataIndex: 'objectType', cell: 'tag', labelPrefix: 'audit.objects' },
    { key: 'objectId', titleKey: 'audit.objectId', dataIndex: 'objectId' },
    { key: 'contractNumber', titleKey: 'audit.contractNumber', dataIndex: 'contractNumber', cell: 'code' },
  ],
  filters: [],
  emptyKey: 'audit.empty',
  filterBar: 'audit',
  expandedRow: 'auditChanges',
};
