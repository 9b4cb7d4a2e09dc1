/**
 * Issue 18: every list as CSV or XLSX (docs/api.md "Export"). Each export is a POST beside its list
 * call, with the list's permission: `query` takes exactly the list's query parameters (without
 * page and limit), `columns` the columns the user sees with their headers and words. The answer is
 * the file, streamed, with the rows expected in `x-export-total`.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { API, type Endpoint } from '../../src/domain/apiPaths';
import {
  EXPORT_CELL_KINDS,
  EXPORT_CONTENT_TYPES,
  EXPORT_FORMATS,
  EXPORT_MAX_COLUMNS,
  EXPORT_MAX_LABELS,
  EXPORT_MAX_TEXT,
  EXPORT_TOTAL_EXACT_HEADER,
  EXPORT_TOTAL_HEADER,
  type ExportColumn,
  type ExportFormat,
  XLSX_MAX_ROWS,
  exportFileName,
  isTimeZone,
} from '../../src/domain/exportFormat';
import { BRAND_SORT_FIELDS } from '../../src/domain/management';
import { PROFILES } from '../../src/domain/profiles';
import { FUND_SORT_FIELDS, PLAYER_SORT_FIELDS, USER_SORT_FIELDS } from '../../src/domain/referenceLists';
import { defineRoute, userOf } from '../http/route';
import { referenceListQuerySchema } from '../http/schemas';
import { invalid } from '../services/errors';
import {
  auctionListSource,
  auctionResultsSource,
  brandListSource,
  fundListSource,
  playerFileListSource,
  playerListSource,
  shareListSource,
  userListSource,
} from '../services/export/sources';
import { type ExportSource, exportStream } from '../services/export/stream';
import { shareListQuerySchema, withPendencyQuery } from './shareSchemas';

const tags = ['export'];

/** The list's querystring schema without its paging: an export is every page. */
const withoutPaging = (schema: { properties: Record<string, unknown> }) => {
  const { page: _page, limit: _limit, cursor: _cursor, ...properties } = schema.properties;
  return { type: 'object', properties, additionalProperties: false, default: {} };
};

const labels = { type: 'object', maxProperties: EXPORT_MAX_LABELS, additionalProperties: { type: 'string', maxLength: EXPORT_MAX_TEXT } } as const;
/** A field of the list item, or of an object in it one level down (`pendency.ageDays`). */
const fieldName = { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}(\\.[A-Za-z][A-Za-z0-9_]{0,63})?$' } as const;

const columnSchema = {
  type: 'object',
  properties: {
    field: { ...fieldName, description: "The list item's field, or a field of an object in it (`pendency.ageDays`)." },
    title: { type: 'string', maxLength: EXPORT_MAX_TEXT, description: 'The header.' },
    kind: { type: 'string', enum: EXPORT_CELL_KINDS },
    labels: { ...labels, description: '`label` columns: the words of each value.' },
    labelsWhen: {
      type: 'object',
      properties: { field: fieldName, equals: { anyOf: [{ type: 'boolean' }, { type: 'number' }, { type: 'null' }, { type: 'string' }] }, labels },
      required: ['field', 'equals', 'labels'],
      additionalProperties: false,
      description: 'Other words for the rows whose `field` equals `equals` (a direct sale reads "Criada").',
    },
    empty: { type: 'string', maxLength: EXPORT_MAX_TEXT, description: 'Written for an empty value.' },
  },
  required: ['field', 'title', 'kind'],
  additionalProperties: false,
} as const;

const bodySchema = (query: object) => ({
  type: 'object',
  properties: {
    format: { type: 'string', enum: EXPORT_FORMATS },
    query,
    columns: { type: 'array', items: columnSchema, minItems: 1, maxItems: EXPORT_MAX_COLUMNS, description: 'Absent: every field of the items, named as in the API.' },
    timeZone: { type: 'string', maxLength: 64, description: 'IANA time zone of dates (default America/Sao_Paulo).' },
    title: { type: 'string', maxLength: 100, description: "The list's name: the file's and the sheet's." },
  },
  required: ['format'],
  additionalProperties: false,
});

interface ExportBody<Q> {
  format: ExportFormat;
  query?: Q;
  columns?: ExportColumn[];
  timeZone?: string;
  title?: string;
}

export const DEFAULT_EXPORT_TIME_ZONE = 'America/Sao_Paulo';

/** RFC 6266: an ASCII fallback and the UTF-8 name ("Listagem de cotas 2026-11-27.csv"). */
const contentDisposition = (name: string) =>
  `attachment; filename="${name.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

async function sendExport(reply: FastifyReply, body: ExportBody<unknown>, source: () => Promise<ExportSource>, defaultTitle: string) {
  const timeZone = body.timeZone ?? DEFAULT_EXPORT_TIME_ZONE;
  if (!isTimeZone(timeZone)) throw invalid('Invalid time zone', { timeZone: 'must be an IANA time zone such as America/Sao_Paulo' });
  const title = body.title?.trim() || defaultTitle;
  const src = await source();
  // Refused before the first byte: a sheet cut short would pass for the whole list.
  if (body.format === 'xlsx' && src.total.total > XLSX_MAX_ROWS) {
    throw invalid('Too many rows for XLSX', { format: `an XLSX sheet holds at most ${XLSX_MAX_ROWS} rows; export as CSV or filter the list` });
  }
  reply
    .header('content-type', EXPORT_CONTENT_TYPES[body.format])
    .header('content-disposition', contentDisposition(exportFileName(title, new Date(), body.format, timeZone)))
    .header(EXPORT_TOTAL_HEADER, String(src.total.total))
    .header(EXPORT_TOTAL_EXACT_HEADER, String(src.total.exact))
    .header('x-content-type-options', 'nosniff');
  return reply.send(exportStream(src, { format: body.format, columns: body.columns, timeZone, title, maxRows: XLSX_MAX_ROWS_FOR(body.format) }));
}

const XLSX_MAX_ROWS_FOR = (format: ExportFormat) => (format === 'xlsx' ? XLSX_MAX_ROWS : Number.MAX_SAFE_INTEGER);

export default async function exportRoutes(app: FastifyInstance): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each route's `query` is typed by its schema, validated before the handler
  const route = <Q = any>(endpoint: Endpoint, summary: string, query: object, title: string, source: (user: ReturnType<typeof userOf>, q: Q) => Promise<ExportSource>) =>
    defineRoute(app, endpoint, {
      schema: {
        tags,
        summary,
        body: bodySchema(query),
        // A stream is sent as it is (never serialized); the schema documents it.
        response: { 200: { description: `The file: ${EXPORT_CONTENT_TYPES.csv} or ${EXPORT_CONTENT_TYPES.xlsx}, streamed; \`${EXPORT_TOTAL_HEADER}\` holds the rows expected.`, type: 'string', format: 'binary' } },
      },
      // The body's schema is built per list at run time, so the type provider cannot read it: its type is written here (ExportBody).
      handler: async (request, reply) => {
        const body = request.body as ExportBody<Q>;
        return sendExport(reply, body, () => source(userOf(request), (body.query ?? {}) as Q), title);
      },
    });

  const shareQuery = withoutPaging(shareListQuerySchema as unknown as { properties: Record<string, unknown> });
  route(API.share.listExport, 'The share list (/listagem) as CSV or XLSX', shareQuery, 'Cotas', (user, q) => shareListSource(app.db, 'all', user, q));
  route(API.share.transferListExport, 'The transfer list as CSV or XLSX', shareQuery, 'Transferência', (user, q) => shareListSource(app.db, 'transfer', user, q));
  route(API.share.canceledListExport, 'The canceled list as CSV or XLSX', shareQuery, 'Canceladas', (user, q) => shareListSource(app.db, 'canceled', user, q));
  route(
    API.share.withPendencyListExport,
    'The pendency list (/pendencias) as CSV or XLSX, with its pendency filters and sorts; its items carry `pendency` (columns may name `pendency.kinds`, `pendency.ageDays`…)',
    withoutPaging(withPendencyQuery as unknown as { properties: Record<string, unknown> }),
    'Pendências',
    (user, q) => shareListSource(app.db, 'pendency', user, q),
  );

  const auctionQuery = {
    type: 'object',
    properties: {
      filters: { type: 'string', maxLength: 2000 },
      sort: { type: 'string', enum: ['updatedAt', 'createdAt'] },
      order: { type: 'string', enum: ['asc', 'desc'] },
    },
    additionalProperties: false,
    default: {},
  };
  route(API.auction.listExport, 'The auction list as CSV or XLSX', auctionQuery, 'Leilões', (user, q) => auctionListSource(app.db, user, q));
  route<{ auctionId: string }>(
    API.auction.shareResultsExport,
    "An auction's price per share as CSV or XLSX",
    { type: 'object', properties: { auctionId: { type: 'string', minLength: 1, maxLength: 64 } }, required: ['auctionId'], additionalProperties: false },
    'Resultado do leilão',
    (user, q) => auctionResultsSource(app.db, user, q.auctionId),
  );

  const referenceQuery = (sortFields: readonly string[], extra: Record<string, object> = {}) => {
    const schema = referenceListQuerySchema(sortFields);
    return withoutPaging({ ...schema, properties: { ...schema.properties, ...extra } });
  };
  route(API.user.listExport, 'The user list as CSV or XLSX', referenceQuery(USER_SORT_FIELDS, { profile: { type: 'string', enum: PROFILES } }), 'Usuários', (user, q) =>
    userListSource(app.db, user, q),
  );
  route(API.fund.listExport, 'The fund list as CSV or XLSX', referenceQuery(FUND_SORT_FIELDS), 'Fundos', (_user, q) => fundListSource(app.db, q));
  route(API.player.listExport, 'The player list as CSV or XLSX', referenceQuery(PLAYER_SORT_FIELDS), 'Players', (_user, q) => playerListSource(app.db, q));
  route(API.player.listFilesExport, 'The files sent to players as CSV or XLSX', { type: 'object', properties: {}, additionalProperties: false, default: {} }, 'Arquivos enviados', () =>
    playerFileListSource(app.db),
  );
  route(API.administrator.listExport, 'The administrators (brands) as CSV or XLSX', referenceQuery(BRAND_SORT_FIELDS), 'Administradoras', (_user, q) => brandListSource(app.db, q));
}
