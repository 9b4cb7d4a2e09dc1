import { CanAccess, useCan, useTranslate } from '@refinedev/core';
import { Alert, Empty, Table, theme, type TableColumnsType } from 'antd';
import { Suspense, lazy, useMemo, useState, type KeyboardEvent } from 'react';
import { PAGINATION, columnWidth } from '../../domain';
import type { ResourceDef } from '../../resources';
import { renderCell } from './cells';
import { ListFilters } from './ListFilters';
import { sortOrderOf, useListTable, type Row } from './useListTable';

const ShareDrawer = lazy(() => import('./ShareDrawer'));

/**
 * The one list page: columns, filters, sorting and pagination all come from a resource definition
 * (src/resources). Filters, sort and page live in the URL (syncWithLocation), so a reload or a shared
 * link shows the same list with the same controls filled in.
 */
const ListTable = ({ def }: { def: ResourceDef }) => {
  const t = useTranslate();
  const { rows, total, loading, currentPage, pageSize, sorters, filters, onChange, applyFilters, clearFilters } = useListTable(def);
  const get = def.api.get;
  const { data: canShow } = useCan({ resource: def.name, action: 'show', queryOptions: { enabled: !!get } });
  const [opened, setOpened] = useState<string | null>(null);
  const opens = !!get && canShow?.can === true;

  // SPEC §9: no selection column yet, so the table is not "flagged".
  const width = columnWidth(def.columns.length, false);
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
        render: (value: unknown) => renderCell(c.cell, value, t),
      })),
    [def.columns, sorters, t, width],
  );

  return (
    <>
      {def.filters.length > 0 && <ListFilters def={def} filters={filters} apply={applyFilters} clear={clearFilters} rows={rows} />}
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
          showTotal: (n: number) => t(def.totalKey ?? 'app.total', { count: n }),
        }}
        scroll={{ x: width * def.columns.length }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(def.emptyKey ?? 'app.empty')} /> }}
        onRow={(row) => {
          if (!opens) return {};
          const id = String(row[get.idParam] ?? '');
          const open = () => setOpened(id);
          // Rows open with the mouse and, for keyboard users, with Enter or Space once focused.
          return {
            onClick: open,
            onKeyDown: (e: KeyboardEvent) => {
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
      {opens && opened !== null && (
        <Suspense fallback={null}>
          <ShareDrawer resource={def.name} id={opened} onClose={() => setOpened(null)} />
        </Suspense>
      )}
    </>
  );
};

const ListPage = ({ def }: { def: ResourceDef }) => {
  const t = useTranslate();
  const { token } = theme.useToken();
  return (
    <CanAccess resource={def.name} action="list" fallback={<Alert type="warning" showIcon message={t('forbiddenPage.title')} />}>
      <h1 style={{ fontSize: token.fontSizeHeading3, fontWeight: 600, margin: '0 0 16px', color: token.colorTextHeading }}>{t(def.titleKey)}</h1>
      <ListTable def={def} />
    </CanAccess>
  );
};

export default ListPage;
