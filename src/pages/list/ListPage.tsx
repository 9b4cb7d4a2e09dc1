import { MinusSquareOutlined, PlusOutlined, PlusSquareOutlined } from '@ant-design/icons';
import { CanAccess, useCan, useTranslate } from '@refinedev/core';
import { Alert, Button, Empty, Spin, Table, theme, type TableColumnsType } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { Suspense, lazy, memo, useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import { Link, useLocation, useNavigate, useNavigationType } from 'react-router';
import { FLAGGED_COLUMN_PX, PAGINATION, TABLE_WIDTH_PX, can, fitColumnWidths, shownColumns, type ShareListItem } from '../../domain';
import { useGrantee } from '../../hooks/useSession';
import { paginationItemRender, useInertMeasureRows } from '../../components/tableA11y';
import { answeredNow } from '../../providers/accessControlProvider';
import { errorText } from '../../providers/notificationProvider';
import { workspacePath } from '../../domain/workspacePaths';
import { crudRoutes, recordPath, type ColumnDef, type ResourceDef } from '../../resources';
import { visibleColumns } from '../../resources/exportColumns';
import { useHiddenColumns, useSaveHiddenColumns } from '../../hooks/useListViews';
import { ExportButton } from './ExportButton';
import { ListTools } from './ListTools';
import { WHOLE_CELL_MIN_PX, isWholeCell, renderCell } from './cells';
import { ListFilters } from './ListFilters';
import { StatusTabs } from './StatusTabs';
import { sortOrderOf, useListTable, type Row } from './useListTable';
import { HEADER_EXTRAS } from './headerExtras';
import { EXPANDED_ROWS, FILTER_BARS } from './listParts';
import { AlertIcon } from '../../components/AlertIcon';
import { useContentWidth } from '../../components/layout/contentWidth';
import { LiveListNotice, useLiveChanges } from './LiveListNotice';

// Loaded once rows are selected, from the workspace's own chunk: a chunk of its own would share
// antd's form modules with the workspace and the bundler would split both into more pieces that the
// list's first load then fetches (measured in docs/decisions.md).
const BulkActions = lazy(() => import('../workspace/WorkspacePage').then((m) => ({ default: m.BulkActions })));

/** Lists whose rows can be selected for a bulk move (issue 3), and the permissions that allow it. */
const BULK_LISTS = ['shares', 'transfers'];

/** Sort arrows: the list's own default column reverses on a second click (clearing it would change nothing). */
const TOGGLE: SortOrder[] = ['ascend', 'descend', 'ascend'];

/** A plain click opens in place; Ctrl/⌘/Shift or the middle button, in a new tab, as on any link. */
const wantsNewTab = (e: MouseEvent) => e.ctrlKey || e.metaKey || e.shiftKey || e.button === 1;

/**
 * The one list page: columns, filters, sorting and pagination all come from a resource definition
 * (src/resources). Filters, sort and page live in the URL (syncWithLocation), so a reload or a shared
 * link shows the same list with the same controls filled in.
 */
const ListTable = ({ def, actions, columns: shown }: { def: ResourceDef; actions: HTMLElement | null; columns: readonly ColumnDef[] }) => {
  const t = useTranslate();
  const { rows, total, totalExact, loading, loaded, error, retry, currentPage, pageSize, sorters, filters, onChange, applyFilters, askAhead, clearFilters } = useListTable(def);
  const live = useLiveChanges(def.api.kind === 'share');
  const Expanded = def.expandedRow ? EXPANDED_ROWS[def.expandedRow] : undefined;
  const FilterBar = def.filterBar ? FILTER_BARS[def.filterBar] : undefined;
  const get = def.api.get;
  const { data: canShow } = useCan({ resource: def.name, action: 'show', queryOptions: { enabled: !!get, ...answeredNow(def.name, 'show') } });
  const navigate = useNavigate();
  const opens = !!get && canShow?.can === true;
  const who = useGrantee();
  const selectable = BULK_LISTS.includes(def.name) && (can(who, 'share.transfer_in_bulk') || can(who, 'share.set_paid'));
  /** Selected rows by key; kept across pages, so a selection can span several. */
  const [selected, setSelected] = useState<Map<string, ShareListItem>>(() => new Map());
  // The page area's width, measured by the layout before the page renders (SPEC's 1248 px outside it).
  const available = useContentWidth();
  const tableBox = useRef<HTMLDivElement | null>(null);
  useInertMeasureRows(tableBox);

  const hrefOf = useCallback(
    (row: Row): string => {
      const id = String(row[get?.idParam ?? def.rowKey] ?? '');
      return def.detailPath ? def.detailPath(id) : def.crud ? recordPath(def.route, id) : workspacePath(id);
    },
    [def, get],
  );

  // `shown`: the columns the user sees (ListPage: the tenant's own column left out, then those the user hid).
  // SPEC §9 on the width there is; the selection column makes the table "flagged".
  const widths = useMemo(() => fitColumnWidths(available ?? TABLE_WIDTH_PX, shown.map((c) => WHOLE_CELL_MIN_PX[c.cell ?? 'text']), selectable), [available, shown, selectable]);
  const defaultSort = def.defaultSorters?.[0]?.field;
  // Sideways scrolling only where the columns' floors overflow the page (a phone): antd's scrolling
  // table adds a measuring row with an observer per column and reads the layout on every render,
  // work that a table which fits never needs (issue 17).
  const tableWidth = widths.reduce((a, b) => a + b, 0) + (selectable ? FLAGGED_COLUMN_PX : 0);
  const tableScroll = useMemo(() => (tableWidth > (available ?? TABLE_WIDTH_PX) ? { x: tableWidth } : undefined), [tableWidth, available]);
  const columns: TableColumnsType<Row> = useMemo(
    () =>
      shown.map((c, i) => ({
        key: c.sortField ?? c.key,
        dataIndex: c.dataIndex,
        title: t(c.titleKey),
        width: widths[i],
        // Names shorten with "…" (the whole text in the cell's title); numbers, states and dates never do.
        ellipsis: !isWholeCell(c.cell),
        // Controlled, so the arrow follows the URL (a reload, or the menu link that resets the list).
        ...(c.sortField ? { sorter: true, sortOrder: sortOrderOf(c.sortField, sorters), ...(c.sortField === defaultSort ? { sortDirections: TOGGLE } : {}) } : {}),
        render: (value: unknown, row: Row) => {
          const cell = renderCell(c.cell, value, t, c, row as Readonly<Record<string, unknown>>);
          // The first cell is a real link: Ctrl/⌘-click, middle-click and "open in new tab" work on it.
          if (i !== 0 || !opens) return cell;
          return (
            <Link to={hrefOf(row)} title={typeof cell === 'string' ? cell : undefined}>
              {cell}
            </Link>
          );
        },
      })),
    [shown, sorters, t, widths, defaultSort, opens, hrefOf],
  );

  // Memoized: the page renders again on every change of the address (Refine writes the list's state
  // there) and of the query's state; antd's table, with every row and cell, only when what it shows
  // changes (issue 17). So the spinner is not the table's own `loading` (a change of it renders every
  // row and cell again, rc-table re-renders its whole body with the table), and what the table shows
  // when it has no rows counts only when it has none: a filter change then renders the spinner alone
  // until its rows arrive, where it rendered the table's ~650 components first.
  const liveChanged = live.changed;
  const emptyError = rows.length === 0 && error ? (error.message ?? '') : null;
  const empty = rows.length > 0 ? null : emptyError !== null ? 'error' : loaded ? 'empty' : 'loading';
  // Whether the list has answered once (rows, none, or an error): what waits for its first rows.
  const [answered, setAnswered] = useState(false);
  if (!answered && (loaded || error)) setAnswered(true);
  const table = useMemo(
    () => (
      <Table<Row>
        size="middle"
        dataSource={rows}
        rowKey={def.rowKey}
        rowClassName={(row) => (liveChanged(row) ? 'row-live-changed' : '')}
        expandable={
          Expanded
            ? {
                expandedRowRender: (row) => (
                  <Suspense fallback={null}>
                    <Expanded row={row} />
                  </Suspense>
                ),
                // antd names its expand buttons in English ("Expand row").
                expandIcon: ({ expanded, onExpand, record }) => (
                  <Button
                    size="small"
                    type="text"
                    aria-expanded={expanded}
                    aria-label={t(expanded ? 'app.collapseRow' : 'app.expandRow')}
                    icon={expanded ? <MinusSquareOutlined aria-hidden /> : <PlusSquareOutlined aria-hidden />}
                    onClick={(e) => onExpand(record, e)}
                  />
                ),
              }
            : undefined
        }
        columns={columns}
        onChange={onChange}
        pagination={{
          itemRender: paginationItemRender,
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
        scroll={tableScroll}
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
          emptyText: empty === 'error' ? (
            <Alert
              type="error"
              showIcon
              icon={<AlertIcon type="error" />}
              role="alert"
              message={errorText(emptyError ?? '')}
              action={
                <Button size="small" onClick={retry}>
                  {t('app.retry')}
                </Button>
              }
            />
          ) : empty === 'empty' ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(def.emptyKey ?? 'app.empty')} />
          ) : (
            // Still loading: the spinner alone, over the room the rows will take.
            <div style={{ minHeight: 96 }} />
          ),
        }}
        onRow={(row) => {
          if (!opens) return {};
          const href = hrefOf(row);
          const open = (e: MouseEvent) => {
            if (wantsNewTab(e)) window.open(href, '_blank', 'noopener');
            else navigate(href);
          };
          // The whole row opens like its link by mouse; by keyboard the link is the row's one tab
          // stop and Enter opens it (issue 14: a focusable row as well made two stops per row).
          return {
            onClick: (e: MouseEvent) => {
              // The link in the first cell handles its own clicks (the browser opens new tabs itself).
              if ((e.target as Element).closest('a')) return;
              open(e);
            },
            onAuxClick: (e: MouseEvent) => {
              if (e.button !== 1 || (e.target as Element).closest('a')) return;
              e.preventDefault();
              open(e);
            },
            style: { cursor: 'pointer' },
          };
        }}
      />
    ),
    [Expanded, columns, currentPage, def, empty, emptyError, hrefOf, liveChanged, navigate, onChange, opens, pageSize, retry, rows, selectable, selected, t, tableScroll, total, totalExact],
  );

  // Exportar, in the page's header: this list's rows as they are filtered and sorted, in the columns shown.
  const exporting =
    actions && def.api.export
      ? createPortal(
          <ExportButton
            resource={def.name}
            listTitle={t(def.titleKey)}
            filters={[...(def.permanentFilters ?? []), ...filters]}
            sorters={sorters}
            columns={{ shown }}
            total={total}
            totalExact={totalExact}
          />,
          actions,
        )
      : null;

  return (
    <>
      {exporting}
      {def.statusTabs && <StatusTabs list={def.statusTabs} filters={filters} apply={applyFilters} rowsFirst={!answered} />}
      {FilterBar ? (
        <Suspense fallback={<div style={{ minHeight: 40 }} />}>
          <FilterBar filters={filters} apply={applyFilters} clear={clearFilters} />
        </Suspense>
      ) : (
        def.filters.length > 0 && <ListFilters def={def} filters={filters} apply={applyFilters} askAhead={askAhead} clear={clearFilters} />
      )}
      {live.notice && <LiveListNotice notice={live.notice} onRefresh={() => (live.clear(), retry())} />}
      {selectable && selected.size > 0 && (
        <Suspense fallback={null}>
          <BulkActions rows={[...selected.values()]} onClear={() => setSelected(new Map())} />
        </Suspense>
      )}
      <div ref={tableBox} aria-busy={loading}>
        <Spin spinning={loading}>{table}</Spin>
      </div>
    </>
  );
};

/** "Novo usuário" beside the title, for whoever may create one (the form is its own chunk). */
const CreateButton = ({ def }: { def: ResourceDef }) => {
  const t = useTranslate();
  const navigate = useNavigate();
  const { data } = useCan({ resource: def.name, action: 'create', queryOptions: { enabled: !!def.crud, ...answeredNow(def.name, 'create') } });
  if (!def.crud || data?.can !== true) return null;
  return (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => navigate(crudRoutes(def.route).create)}>
      {t(def.crud.createKey)}
    </Button>
  );
};

/** The columns of a saved view applied, carried in the history entry's state ({ viewColumns }). */
const viewColumnsOf = (state: unknown): string[] | null => {
  const cols = (state as { viewColumns?: unknown } | null)?.viewColumns;
  return Array.isArray(cols) ? cols.filter((c): c is string => typeof c === 'string') : null;
};

interface ColumnChoice {
  /** The columns the user hides in this list, as last chosen in this tab (before the server confirms it). */
  chosen?: readonly string[];
  choose: (hidden: readonly string[]) => void;
}

const ListPage = memo(({ def, columnChoice }: { def: ResourceDef; columnChoice: ColumnChoice }) => {
  const t = useTranslate();
  const { token } = theme.useToken();
  const who = useGrantee();
  const title = <h1 style={{ fontSize: token.fontSizeHeading3, fontWeight: 600, margin: '0 0 16px', color: token.colorTextHeading }}>{t(def.titleKey)}</h1>;
  const Extra = def.headerExtra ? HEADER_EXTRAS[def.headerExtra] : undefined;
  // The header's buttons; the list puts its Exportar there (it knows the filters and the sort).
  const [actions, setActions] = useState<HTMLDivElement | null>(null);
  // A column naming the user's own tenant (an administrator's Administradora) would say the same on every row.
  const offered = useMemo(() => visibleColumns(def.columns, who.profile), [def.columns, who.profile]);
  // Saved views and the column chooser (issue 18): the columns hidden are the user's, kept on the server.
  const stored = useHiddenColumns(def.name);
  const hidden = columnChoice.chosen ?? stored;
  const shown = useMemo(() => shownColumns(offered, hidden), [offered, hidden]);
  return (
    <CanAccess resource={def.name} action="list" queryOptions={answeredNow(def.name, 'list')} fallback={<Alert type="warning" showIcon icon={<AlertIcon type="warning" />} message={t('forbiddenPage.title')} />}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 16, flexWrap: 'wrap' }}>
        {title}
        <div ref={setActions} style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <ListTools def={def} columns={offered} hidden={offered.length === shown.length ? [] : hidden} onHiddenChange={columnChoice.choose} />
          {Extra && (
            <Suspense fallback={null}>
              <Extra />
            </Suspense>
          )}
          <CreateButton def={def} />
        </div>
      </div>
      <ListTable def={def} actions={actions} columns={shown} />
    </CanAccess>
  );
});

/**
 * Refine's table reads the URL once, when it mounts, and from then on writes its state into the URL
 * by replacing the entry. Any other arrival at the list's URL is a navigation the table must follow:
 * a bare URL (the menu entry, a link) starts the list afresh, and Back or Forward to an entry the
 * table wrote brings back exactly what that URL says (search box, filters, sort, page), where the
 * table used to keep showing its current state under the old URL. So a location that the table did
 * not write itself (any PUSH or POP, or a bare one) mounts the list again, reading it from the URL.
 *
 * Told apart by the location's key (one per navigation) and its type, not by a change of `search`:
 * react-router renders location changes in a transition, and the table's first URL write, landing
 * with the rows, can stay unrendered for most of a second. A menu click then goes from a bare
 * location to a bare location as far as React ever sees, and comparing searches missed it.
 */
const ListRoute = ({ def }: { def: ResourceDef }) => {
  const { search, key, state } = useLocation();
  const type = useNavigationType();
  const [seen, setSeen] = useState({ key, generation: 0 });
  // Columns chosen in this tab, per list: they outlive the list's remounts and show at once, while
  // the server keeps them for the next visit.
  const [chosen, setChosen] = useState<Readonly<Record<string, readonly string[]>>>({});
  // A saved view applied (ViewsDialog, the command palette) arrives with its columns in the entry's state.
  const viewColumns = viewColumnsOf(state);
  if (seen.key !== key) {
    setSeen({ key, generation: search === '' || type !== 'REPLACE' ? seen.generation + 1 : seen.generation });
    if (viewColumns) setChosen((c) => ({ ...c, [def.name]: viewColumns }));
  }
  const save = useSaveHiddenColumns();
  const { mutate } = save;
  const choose = useCallback(
    (hidden: readonly string[]) => {
      setChosen((c) => ({ ...c, [def.name]: hidden }));
      mutate({ list: def.name, hiddenColumns: [...hidden] });
    },
    [def.name, mutate],
  );
  // ...and the view's columns become the list's own for the user, as if chosen here.
  const appliedKey = viewColumns ? key : null;
  useEffect(() => {
    if (appliedKey && viewColumns) mutate({ list: def.name, hiddenColumns: [...viewColumns] });
    // Once per entry: `viewColumns` is read from that entry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [appliedKey]);
  const columnChoice = useMemo(() => ({ chosen: chosen[def.name], choose }), [chosen, def.name, choose]);
  return <ListPage key={`${def.name}:${seen.generation}`} def={def} columnChoice={columnChoice} />;
};

export default ListRoute;
