import { useList, useTranslate } from '@refinedev/core';
import { Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { EMPTY_CELL } from '../../components/formatters';
import { PAGINATION, SHARE_STATES, formatMoney, type AuctionShareResult, type ExportColumn, type ShareState } from '../../domain';
import { ExportButton } from '../list/ExportButton';
import { STATE_COLORS } from '../list/cells';
import { workspacePath } from '../../domain/workspacePaths';
import { AUCTION_SHARE_RESULTS } from '../../resources/auctions';
import { NUMBER_CELL } from './tableStyles';
import { paginationItemRender } from '../../components/tableA11y';

const PAGE_SIZE = 20;
const money = (v: number | null) => <span style={NUMBER_CELL}>{v === null ? EMPTY_CELL : formatMoney(v)}</span>;

/**
 * The price each share got (issue 13): every share the auction offers, its credit, the minimum it had
 * to reach and the price of the latest processed spreadsheet, with the share's situation now. Read
 * through the data provider (GET /auction/share_results), a page at a time.
 */
export const AuctionResults = ({ auctionId }: { auctionId: string }) => {
  const t = useTranslate();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const { query, result } = useList<AuctionShareResult>({
    resource: AUCTION_SHARE_RESULTS,
    filters: [{ field: 'auctionId', operator: 'eq', value: auctionId }],
    pagination: { currentPage: page, pageSize, mode: 'server' },
  });

  const columns: TableColumnsType<AuctionShareResult> = [
    {
      key: 'contract',
      dataIndex: 'contractNumber',
      title: t('auctions.results.contract'),
      render: (n: string) => (
        <Link to={workspacePath(n)} style={NUMBER_CELL}>
          {n}
        </Link>
      ),
    },
    {
      key: 'administrator',
      dataIndex: 'administratorName',
      title: t('auctions.results.administrator'),
      ellipsis: { showTitle: true },
      render: (v: string | null) => v ?? EMPTY_CELL,
    },
    { key: 'credit', dataIndex: 'creditValue', title: t('auctions.results.credit'), align: 'right', render: money },
    { key: 'minimum', dataIndex: 'minimumPrice', title: t('auctions.results.minimum'), align: 'right', render: money },
    {
      key: 'price',
      dataIndex: 'price',
      title: t('auctions.results.price'),
      align: 'right',
      render: (v: number | null) => (v === null ? <Typography.Text type="secondary">{t('auctions.results.notPriced')}</Typography.Text> : <strong>{money(v)}</strong>),
    },
    {
      key: 'state',
      dataIndex: 'state',
      title: t('auctions.results.state'),
      render: (s: ShareState) => (
        <Tag color={STATE_COLORS[s]} style={{ whiteSpace: 'nowrap' }}>
          {t(`shareState.${s}`)}
        </Tag>
      ),
    },
  ];

  return (
    <Table<AuctionShareResult>
      size="small"
      rowKey="shareId"
      columns={columns}
      dataSource={result.data}
      loading={query.isLoading}
      tableLayout="auto"
      data-testid="auction-results"
      locale={{ emptyText: query.error ? query.error.message : t('auctions.results.empty') }}
      pagination={{
        itemRender: paginationItemRender,
        current: page,
        pageSize,
        total: result.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: PAGINATION.pageSizeOptions.map(String),
        showTotal: (n: number) => t('auctions.results.total', { count: n }),
        onChange: (p, size) => {
          setPage(size !== pageSize ? 1 : p);
          setPageSize(size);
        },
      }}
      scroll={{ x: 'max-content' }}
    />
  );
};

export default AuctionResults;

/**
 * Exportar beside the results' title (issue 18): every share of the auction, in the table's columns
 * and words, prices as numbers Excel reads.
 */
export const AuctionResultsExport = ({ auctionId, auctionName }: { auctionId: string; auctionName: string }) => {
  const t = useTranslate();
  const columns: ExportColumn[] = [
    { field: 'contractNumber', title: t('auctions.results.contract'), kind: 'text' },
    { field: 'administratorName', title: t('auctions.results.administrator'), kind: 'text' },
    { field: 'creditValue', title: t('auctions.results.credit'), kind: 'money' },
    { field: 'minimumPrice', title: t('auctions.results.minimum'), kind: 'money' },
    { field: 'price', title: t('auctions.results.price'), kind: 'money', empty: t('auctions.results.notPriced') },
    { field: 'state', title: t('auctions.results.state'), kind: 'label', labels: Object.fromEntries(SHARE_STATES.map((s) => [s, t(`shareState.${s}`)])) },
  ];
  return (
    <ExportButton
      resource={AUCTION_SHARE_RESULTS}
      listTitle={`${t('auctions.results.title')} ${auctionName}`}
      filters={[{ field: 'auctionId', operator: 'eq', value: auctionId }]}
      sorters={[]}
      columns={columns}
    />
  );
};
