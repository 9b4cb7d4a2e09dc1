import { PlusOutlined } from '@ant-design/icons';
import { CanAccess, useCan, useTranslate } from '@refinedev/core';
import { Alert, Button, Empty, Table, theme, type TableColumnsType } from 'antd';
import { Suspense, lazy, useMemo, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { FLAGGED_COLUMN_PX, PAGINATION, can, columnWidth, type ShareListItem } from '../../domain';
import { useGrantee } from '../../hooks/useSession';
import { errorText } from '../../providers/notificationProvider';
import { workspacePath } from '../workspace/paths';
import { crudRoutes, recordPath, type ResourceDef } from '../../resources';
import { renderCell } from './cells';
import { ListFilters } from './ListFilters';
import { sortOrderOf, useListTable, type Row } from './useListTable';

// Loaded once rows are selected, from the workspace's own chunk: a chunk of its own would share
// antd's form modules with the workspace and the bundler would split both into more pieces that the
// list's first load then fetches (measured in docs/decisions.md).
const BulkActions = lazy(() => import('../workspace/WorkspacePage').then((m) => ({ default: m.BulkActions })));

/** Lists whose rows can be selected for a bulk move (issue 3), and the permissions that allow it. */
const BULK_LISTS = ['shares', 'transfers'];

/**
 * The one list page: columns, filters, sorting and pagination all come from a resource definition
 * (src/resources). Filters, sort and page live in the URL (syncWithLocation), so a reload or a shared
 * link shows the same list with the same controls filled in.
 */
const ListTable = ({ def }: { def: ResourceDef }) => {
  const t = useTranslate();
  const { rows, total, totalExact, loading, error, retry, currentPage, pageSize, sorters, filters, onChange, applyFilters, clearFilters } = useListTable(def);
  const get = def.api.get;
  const { data: canShow } = useCan({ resource: def.name, action: 'show', queryOptions: { enabled: !!get } });
  const navigate = useNavigate();
  const opens = !!get && canShow?.can === true;
  const who = useGrantee();
  const selectable = BULK_LISTS.includes(def.name) && (can(who, 'share.transfer_in_bulk') || can(who, 'share.set_paid'));
  /** Selected rows by key; kept across pages, so a selection can span several. */
  const [selected, setSelected] = useState<Map<string, ShareListItem>>(() => new Map());

  // SPEC §9: the selection column makes the table "flagged".
  const width = columnWidth(def.columns.length, selectable);
  const columns: TableColumnsType<Row> = useMemo(
    () =>
      def.columns.map((c) => ({
        key: c.sortField ?? c.key,
        dataIndex: c.dataIndex,
        title: t(c.titleKey),
        width,
        ellipsis: true,
        // Controlled, so the arrow follows the URL (a reload, or the menu link that resets the list).
        ...(c.sortField ? { sorter: true, sortOrder: sortOrderOf(c.sortField, sorters) } : {}),
        render: (value: unknown, row: Row) => renderCell(c.cell, value, t, c, row as Readonly<Record<string, unknown>>),
      })),
    [def.columns, sorters, t, width],
  );

  return (
    <>
      {def.filters.length > 0 && <ListFilters def={def} filters={filters} apply={applyFilters} clear={clearFilters} rows={rows} />}
      {selectable && selected.size > 0 && (
        <Suspense fallback={null}>
          <BulkActions rows={[...selected.values()]} onClear={() => setSelected(new Map())} />
        </Suspense>
      )}
      <Table<Row>
        dataSource={rows}
        rowKey={def.rowKey}
        columns={columns}
        loading={loading}
        onChange={onChange}
        pagination={{
          current: currentPage,
          pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: PAGINATION.pageSizeOptions.map(String),
          showTotal: (n: number) => {
            const counted = t(def.totalKey ?? 'app.total', { count: n });
            return totalExact ? counted : t('app.totalAbout', { counted });
          },
        }}
        scroll={{ x: width * def.columns.length + (selectable ? FLAGGED_COLUMN_PX : 0) }}
        rowSelection={
          selectable
            ? {
                columnWidth: FLAGGED_COLUMN_PX,
                preserveSelectedRowKeys: true,
                // antd names this checkbox in English ("Select all").
                getTitleCheckboxProps: () => ({ 'aria-label': t('bulk.selectPage') }),
                selectedRowKeys: [...selected.keys()],
                onChange: (keys, rows) =>
                  setSelected((prev) => {
                    const next = new Map<string, ShareListItem>();
                    const byKey = new Map(rows.filter(Boolean).map((r) => [String(r[def.rowKey]), r as unknown as ShareListItem]));
                    for (const k of keys.map(String)) {
                      const row = byKey.get(k) ?? prev.get(k);
                      if (row) next.set(k, row);
                    }
                    return next;
                  }),
                getCheckboxProps: (row) => ({ 'aria-label': t('bulk.selectRow', { id: String(row[def.rowKey] ?? '') }) }) as Record<never, never>,
                // A click on the checkbox cell selects; it must not open the share as well.
                renderCell: (_checked, _row, _index, node) => <span onClick={(e) => e.stopPropagation()}>{node}</span>,
              }
            : undefined
        }
        locale={{
          emptyText: error ? (
            <Alert
              type="error"
              showIcon
              role="alert"
              message={errorText(error.message ?? '')}
              action={
                <Button size="small" onClick={retry}>
                  {t('app.retry')}
                </Button>
              }
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(def.emptyKey ?? 'app.empty')} />
          ),
        }}
        onRow={(row) => {
          if (!opens) return {};
          const id = String(row[get.idParam] ?? '');
          const open = () => navigate(def.detailPath ? def.detailPath(id) : def.crud ? recordPath(def.route, id) : workspacePath(id));
          // Rows open with the mouse and, for keyboard users, with Enter or Space once focused.
          return {
            onClick: open,
            onKeyDown: (e: KeyboardEvent) => {
              // Keys pressed on the row's own controls (the selection checkbox) are theirs.
              if (e.target !== e.currentTarget) return;
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                open();
              }
            },
            tabIndex: 0,
            style: { cursor: 'pointer' },
          };
        }}
      />
    </>
  );
};

/** "Novo usuário" beside the title, for whoever may create one (the form is its own chunk). */
const CreateButton = ({ def }: { def: ResourceDef }) => {
  const t = useTranslate();
  const navigate = useNavigate();
  const { data } = useCan({ resource: def.name, action: 'create', queryOptions: { enabled: !!def.crud } });
  if (!def.crud || data?.can !== true) return null;
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(crudRoutes(def.route).create)}>
      {t(def.crud.createKey)}
    </Button>
  );
};

const ListPage = ({ def }: { def: ResourceDef }) => {
  const t = useTranslate();
  const { token } = theme.useToken();
  const title = <h1 style={{ fontSize: token.fontSizeHeading3, fontWeight: 600, margin: '0 0 16px', color: token.colorTextHeading }}>{t(def.titleKey)}</h1>;
  const Extra = def.headerExtra;
  return (
    <CanAccess resource={def.name} action="list" fallback={<Alert type="warning" showIcon message={t('forbiddenPage.title')} />}>
      {Extra || def.crud ? (
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 16, flexWrap: 'wrap' }}>
          {title}
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            {Extra && (
              <Suspense fallback={null}>
                <Extra />
              </Suspense>
            )}
            <CreateButton def={def} />
          </div>
        </div>
      ) : (
        title
      )}
      <ListTable def={def} />
    </CanAccess>
  );
};

/**
 * Refine's table reads the URL once, when it mounts, and from then on writes its state into the URL
 * (which is never bare again). A bare URL arriving later is a navigation to the list itself (its
 * menu entry, a link): it must start the list afresh, not keep the old filters under a clean URL.
 *
 * Told apart by the location's key (one per navigation), not by a change of `search`: react-router
 * renders location changes in a transition, and the table's first URL write, landing with the rows,
 * can stay unrendered for most of a second. A menu click then goes from a bare location to a bare
 * location as far as React ever sees, and comparing searches missed it: the URL stayed bare and the
 * table kept its state.
 */
const ListRoute = ({ def }: { def: ResourceDef }) => {
  const { search, key } = useLocation();
  const [seen, setSeen] = useState({ key, generation: 0 });
  if (seen.key !== key) setSeen({ key, generation: search === '' ? seen.generation + 1 : seen.generation });
  return <ListPage key={`${def.name}:${seen.generation}`} def={def} />;
};

export default ListRoute;
