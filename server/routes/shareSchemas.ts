/** JSON schemas of the share calls: validation, serialization and the OpenAPI document. */
import { PENDENCY_FILTER_KEYS, PENDENCY_SORT_FIELDS } from '../../src/domain/pendencies';
import { PROCESS_STEPS } from '../../src/domain/processSteps';
import { SHARE_FILTER_KEYS, SHARE_SORT_FIELDS, SORT_ORDERS } from '../../src/domain/shareList';
import { SHARE_STATES } from '../../src/domain/shareStates';
import { dateTime, listResponse, paginationQuery } from '../http/schemas';
import { MAX_QUERY_LENGTH } from '../services/shareFilters';
import { EXACT_TOTAL_LIMIT, EXACT_TOTAL_LIMIT_SEARCH } from '../services/shareTotals';

const nullableString = { type: ['string', 'null'] } as const;
const nullableDateTime = { type: ['string', 'null'], format: 'date-time' } as const;

export const shareListItemSchema = {
  type: 'object',
  properties: {
    shareId: { type: 'string', format: 'uuid' },
    contractNumber: { type: 'string' },
    state: { type: 'string', enum: SHARE_STATES },
    isPj: { type: 'boolean' },
    ownerName: nullableString,
    ownerDocument: nullableString,
    admId: { type: 'integer' },
    admName: { type: 'string' },
    fundId: { type: ['integer', 'null'] },
    fundName: nullableString,
    processStep: { type: 'integer', enum: PROCESS_STEPS },
    sentToPartner: { type: 'boolean' },
    createdAt: dateTime,
    updatedAt: dateTime,
    canceledAt: nullableDateTime,
    cancelReason: { ...nullableString, description: 'Label of the cancellation reason.' },
    canceledFromState: {
      type: ['string', 'null'],
      enum: [...SHARE_STATES, null],
      description: 'canceled_list only: the state the share was in when its sale was cancelled (the `state` filter of that list applies to it).',
    },
  },
  required: ['shareId', 'contractNumber', 'state', 'isPj', 'ownerName', 'ownerDocument', 'admId', 'admName', 'fundId', 'fundName', 'processStep', 'sentToPartner', 'createdAt', 'updatedAt'],
} as const;

export const shareListQuerySchema = {
  type: 'object',
  properties: {
    ...paginationQuery,
    filters: {
      type: 'string',
      maxLength: 2000,
      description:
        `One JSON object with any of: ${SHARE_FILTER_KEYS.join(', ')}. ` +
        `q: free text (at most ${MAX_QUERY_LENGTH} characters) over contract number, owner name and CPF/CNPJ, case-insensitive, masks optional; ` +
        'state: one state or an array; processStep: one process step number or an array; admId, fundId: integers; isPj: boolean; updatedFrom/updatedTo: inclusive ISO dates or date-times. ' +
        'An unknown key answers 400 "Invalid filter: <key>".',
      examples: ['{"state":["with_pendency"],"q":"silva"}'],
    },
    sort: { type: 'string', enum: SHARE_SORT_FIELDS, default: 'updatedAt' },
    order: { type: 'string', enum: SORT_ORDERS, description: 'Default: desc for updatedAt, asc for the other fields.' },
    cursor: {
      type: 'string',
      maxLength: 256,
      description:
        'Optional keyset paging (sorts by updatedAt and contractNumber). Empty: page by `page` as usual and answer `nextCursor`. ' +
        'The `nextCursor` of the previous answer (same filters, sort and order): the page starts right after that row and `page` is ' +
        'only echoed, so a deep page costs what page 1 does.',
    },
  },
  additionalProperties: false,
} as const;

/** GET /share/with_pendency_list (/pendencias, issue 15): the share list's query plus its own filters and sorts. */
export const withPendencyQuery = {
  ...shareListQuerySchema,
  properties: {
    ...shareListQuerySchema.properties,
    filters: {
      ...shareListQuerySchema.properties.filters,
      description:
        `${shareListQuerySchema.properties.filters.description} Also: ${PENDENCY_FILTER_KEYS.join(', ')}. ` +
        'pendencyKind: one kind or an array (an open pendency of one of them); pendencyMinAgeDays: the oldest open pendency is at least this many São Paulo days old; ' +
        'pendencyDueFrom/pendencyDueTo: an open pendency due in the range (YYYY-MM-DD, inclusive); pendencyOverdue: true, an open pendency past due without a payment; false, none.',
      examples: ['{"pendencyKind":["retention","reactivation"],"pendencyOverdue":true}'],
    },
    sort: { type: 'string', enum: [...SHARE_SORT_FIELDS, ...PENDENCY_SORT_FIELDS], default: 'updatedAt' },
  },
} as const;

const baseListResponse = listResponse(shareListItemSchema);
export const shareListResponse = {
  ...baseListResponse,
  properties: {
    ...baseListResponse.properties,
    totalExact: {
      type: 'boolean',
      description:
        `Present, false, when more rows match than the server counts exactly (${EXACT_TOTAL_LIMIT}; ${EXACT_TOTAL_LIMIT_SEARCH} with q): total is then PostgreSQL's estimate. Absent: total is exact. ` +
        'A page that shows where the list ends (not full, or full with nothing after it, or past the end) always answers the exact total.',
    },
    nextCursor: {
      type: ['string', 'null'],
      description: 'Present when the request sent `cursor`: pass it as `cursor` for the next page; null on the last page or with a sort that has no cursor.',
    },
  },
} as const;

const historyEntry = {
  type: 'object',
  properties: { step: { type: 'integer' }, state: { type: 'string' }, at: dateTime },
  required: ['step', 'state', 'at'],
} as const;

export const contractNumberQuery = {
  type: 'object',
  properties: { contractNumber: { type: 'string', minLength: 1, maxLength: 64 } },
  required: ['contractNumber'],
} as const;

export const shareDetailSchema = {
  type: 'object',
  properties: {
    ...shareListItemSchema.properties,
    stateFlags: {
      type: 'object',
      description: 'SPEC §4: exactly one flag is true, the current state.',
      properties: Object.fromEntries(SHARE_STATES.map((s) => [s, { type: 'boolean' }])),
      required: [...SHARE_STATES],
    },
    groupCode: nullableString,
    quotaCode: nullableString,
    creditValue: { type: ['number', 'null'] },
    previousState: { type: ['string', 'null'], enum: [...SHARE_STATES, null] },
    version: { type: 'integer', description: 'Bumped by every move; send it back as expectedVersion to refuse acting on a stale view.' },
    transferResponsible: {
      type: ['object', 'null'],
      properties: { userId: { type: 'string', format: 'uuid' }, name: { type: 'string' } },
      required: ['userId', 'name'],
    },
    history: { type: 'array', items: historyEntry, description: 'Process status history, oldest first.' },
  },
  required: [...shareListItemSchema.required, 'stateFlags', 'groupCode', 'quotaCode', 'creditValue', 'previousState', 'version', 'transferResponsible', 'history'],
} as const;

export const shareStatusSchema = {
  type: 'object',
  properties: {
    step: { type: 'integer', enum: PROCESS_STEPS },
    history: { type: 'array', items: historyEntry },
    sentToPartner: { type: 'boolean', description: 'A history entry with state sent_to_fastin exists.' },
  },
  required: ['step', 'history', 'sentToPartner'],
} as const;

export const canceledReasonListResponse = listResponse({
  type: 'object',
  properties: { id: { type: 'string' }, label: { type: 'string' } },
  required: ['id', 'label'],
} as const);

export const administratorOptionsQuery = {
  type: 'object',
  properties: {
    ...paginationQuery,
    q: { type: 'string', maxLength: MAX_QUERY_LENGTH, description: 'Part of the name; accents and capitals ignored.' },
  },
  additionalProperties: false,
} as const;

export const administratorOptionsResponse = {
  ...listResponse({
    type: 'object',
    properties: { admId: { type: 'integer' }, name: { type: 'string' } },
    required: ['admId', 'name'],
  } as const),
  description: 'By name, A to Z. Operators: every administrator; an administrator: its own; a fund: the administrators of the shares it holds.',
} as const;
