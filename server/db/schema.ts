/**
 * The database schema (Drizzle). Every entity of SPEC §3 that the product needs. Enumerations come
 * from src/domain so the database, the API and the app share one list of values.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AuctionConfig, AuctionFileType, PricingFailureReason, PricingRowError } from '../../src/domain/auctions';
import type { Address } from '../../src/domain/completeness';
import { AUCTION_STATUSES, DOCUMENT_TYPES, OWNER_ROLES, PAYMENT_TYPES, PRICING_STATUSES, TICKET_KINDS } from '../../src/domain/enums';
import { PENDENCY_KINDS, PENDENCY_STATUSES } from '../../src/domain/pendencies';
import { ACCENTED_CHARS, UNACCENTED_CHARS } from '../../src/domain/search';
import { SHARE_STATES } from '../../src/domain/shareStates';
import type { WhiteLabelColors } from '../../src/domain/whiteLabel';

export const shareState = pgEnum('share_state', SHARE_STATES);
export const auctionStatus = pgEnum('auction_status', AUCTION_STATUSES);
export const pricingStatus = pgEnum('pricing_status', PRICING_STATUSES);
export const ownerRole = pgEnum('owner_role', OWNER_ROLES);
export const documentType = pgEnum('document_type', DOCUMENT_TYPES);
export const paymentType = pgEnum('payment_type', PAYMENT_TYPES);
export const pendencyKind = pgEnum('pendency_kind', PENDENCY_KINDS);
export const pendencyStatus = pgEnum('pendency_status', PENDENCY_STATUSES);
export const ticketKind = pgEnum('ticket_kind', TICKET_KINDS);

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** Administrators (consortium administrators): the tenant of an adm user. `id` is the admId. */
export const administrators = pgTable('administrators', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  cnpj: text('cnpj').notNull(),
  createdAt: createdAt(),
});

/** SPEC §3 white-label configuration; `labelId` is what the host name resolves to. */
export const whiteLabelConfigs = pgTable(
  'white_label_configs',
  {
    admId: integer('adm_id').primaryKey().references(() => administrators.id),
    labelId: text('label_id').notNull(),
    cnpj: text('cnpj').notNull(),
    admIdByCnpj: text('adm_id_by_cnpj').notNull(),
    allowMultiprices: boolean('allow_multiprices').notNull().default(false),
    displayDocumentsInBackoffice: boolean('display_documents_in_backoffice').notNull().default(false),
    favicon: text('favicon'),
    name: text('name').notNull(),
    colors: jsonb('colors').$type<WhiteLabelColors>().notNull().default({}),
  },
  (t) => [uniqueIndex('white_label_configs_label_id_key').on(t.labelId)],
);

/** The administrator's own settings (`admConfig.dynamo_adm` in the API answer). */
export const admConfigs = pgTable('adm_configs', {
  admId: integer('adm_id').primaryKey().references(() => administrators.id),
  allowMultiprices: boolean('allow_multiprices').notNull().default(false),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
});

export const funds = pgTable('funds', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  cnpj: text('cnpj').notNull(),
  /** A disabled fund stays on its shares and history but is offered for nothing new. */
  enabled: boolean('enabled').notNull().default(true),
  createdAt: createdAt(),
});

/** Buyers on the platform (funds' vehicles and other investors). */
export const players = pgTable('players', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  document: text('document').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  fundId: integer('fund_id').references(() => funds.id),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** SPEC §6: the first entry is the profile. */
    profiles: text('profiles').array().notNull(),
    admId: integer('adm_id').references(() => administrators.id),
    fundId: integer('fund_id').references(() => funds.id),
    playerIsRepasse: boolean('player_is_repasse').notNull().default(false),
    deniedPermissions: text('denied_permissions').array().notNull().default(sql`'{}'::text[]`),
    lastAccess: timestamp('last_access', { withTimezone: true, mode: 'date' }),
    /** First access: the password must be changed before anything else. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    passwordExpiresAt: timestamp('password_expires_at', { withTimezone: true, mode: 'date' }),
    /** Sessions opened before this moment are refused (a password change ends them). */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'date' }),
    /** A disabled user cannot sign in, and its sessions were revoked when it was disabled. */
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`), index('users_profile_idx').on(sql`(${t.profiles}[1])`)],
);

/**
 * One row per login (the token's `sid`): a session is good while it is not revoked and not expired.
 * The row, not a process's memory, is what every API instance checks (docs/security.md).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Who changed what, when (issue 11): every management write, with the record before and after.
 * `admId` scopes an entry to a brand, so an administrator can later be shown its own brand's.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Null for the command line (npm run user:create). */
    userId: uuid('user_id').references(() => users.id),
    /** e.g. user.create, administrator.update, fund.disable. */
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    admId: integer('adm_id'),
    /** The share the entry speaks of (a move, a signer, a bank account, a file), so a contract finds all of them (issue 18). */
    contractNumber: text('contract_number'),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
  },
  // The viewer's filters (issue 18), each newest first: who, which brand, which share, which action.
  (t) => [
    // The viewer's order is `at desc, id desc` (NULLS FIRST, SQL's default for DESC; Drizzle writes
    // NULLS LAST unless told): an index on `at desc nulls last` alone could not serve it, and the
    // planner sorted the whole trail for every page (253 ms at 1M entries, 0.6 ms on this one).
    index('audit_log_at_id_idx').on(t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_object_idx').on(t.objectType, t.objectId, t.at.desc()),
    // "Filter by object" matches an object id of any type (or a contract): without an index leading
    // with the id, a 1M trail was scanned per request (138 ms → 0.14 ms, docs/decisions.md).
    index('audit_log_object_id_idx').on(t.objectId, t.at.desc()),
    index('audit_log_user_idx').on(t.userId, t.at.desc()),
    index('audit_log_adm_idx').on(t.admId, t.at.desc()),
    index('audit_log_contract_idx').on(t.contractNumber, t.at.desc()).where(sql`${t.contractNumber} is not null`),
    index('audit_log_action_idx').on(t.action, t.at.desc()),
  ],
);

/**
 * Counters every API instance must agree on (server/services/counters): login throttles, per-address
 * limits and the route rate limits. Used when REDIS_URL is unset; a row past `expires_at` counts as
 * absent and is deleted in small batches.
 */
export const counters = pgTable(
  'counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('counters_expires_idx').on(t.expiresAt)],
);

/**
 * Forgotten-password flows opened for e-mails that have no account (server/services/accountDecoys.ts),
 * shaped like auth_codes so that a decoy answers like a real flow from any instance: one row per code
 * "sent", the retired ones kept (under a fresh handle) for the per-address limits.
 */
export const decoyFlows = pgTable(
  'decoy_flows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    publicId: uuid('public_id').notNull(),
    /** Normalised (trimmed, lower case): the per-address limits count every decoy of the address. */
    email: text('email').notNull(),
    /** The code's expiry; null until one is "sent". */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('decoy_flows_public_id_key').on(t.publicId),
    index('decoy_flows_email_idx').on(t.email, t.expiresAt),
    index('decoy_flows_created_idx').on(t.createdAt),
  ],
);

/** Single-use codes of the forgotten-password flow, stored hashed. */
export const authCodes = pgTable(
  'auth_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id),
    /** The public id the flow hands the browser instead of the user id. */
    publicId: uuid('public_id').notNull().defaultRandom(),
    codeHash: text('code_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    attempts: integer('attempts').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  // user_id: the per-account limits count an account's codes of the last hour.
  (t) => [uniqueIndex('auth_codes_public_id_key').on(t.publicId), index('auth_codes_user_created_idx').on(t.userId, t.createdAt)],
);

export const shares = pgTable(
  'shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractNumber: text('contract_number').notNull(),
    state: shareState('state').notNull().default('available'),
    /** The state to return to when a pendency is cleared. */
    previousState: shareState('previous_state'),
    isPj: boolean('is_pj').notNull().default(false),
    admId: integer('adm_id').notNull().references(() => administrators.id),
    fundId: integer('fund_id').references(() => funds.id),
    processStep: smallint('process_step').notNull().default(0),
    sentToPartner: boolean('sent_to_partner').notNull().default(false),
    groupCode: text('group_code'),
    quotaCode: text('quota_code'),
    creditValue: numeric('credit_value', { precision: 14, scale: 2 }),
    /** Denormalised from the first signer (or the company on a PJ share) for list search and sort. */
    ownerName: text('owner_name'),
    ownerDocument: text('owner_document'),
    search: text('search').generatedAlwaysAs(
      (): ReturnType<typeof sql> =>
        sql`translate(lower(coalesce(${shares.contractNumber}, '') || ' ' || coalesce(${shares.ownerName}, '') || ' ' || coalesce(${shares.ownerDocument}, '')), ${sql.raw(`'${ACCENTED_CHARS}'`)}, ${sql.raw(`'${UNACCENTED_CHARS}'`)})`,
    ),
    canceledAt: timestamp('canceled_at', { withTimezone: true, mode: 'date' }),
    cancelReason: text('cancel_reason'),
    transferResponsibleId: uuid('transfer_responsible_id').references(() => users.id),
    /** When the share entered its current state (issue 18: the dashboard's ageing); set by every move that changes the state. */
    stateSince: timestamp('state_since', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Bumped by every move: two concurrent moves on one share cannot both win. */
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shares_contract_number_key').on(t.contractNumber),
    index('shares_updated_idx').on(t.updatedAt.desc(), t.id.desc()),
    index('shares_adm_updated_idx').on(t.admId, t.updatedAt.desc(), t.id.desc()),
    index('shares_fund_updated_idx').on(t.fundId, t.updatedAt.desc(), t.id.desc()),
    index('shares_state_updated_idx').on(t.state, t.updatedAt.desc(), t.id.desc()),
    index('shares_adm_state_updated_idx').on(t.admId, t.state, t.updatedAt.desc(), t.id.desc()),
    index('shares_canceled_idx').on(t.canceledAt.desc(), t.id.desc()).where(sql`${t.canceledAt} is not null`),
    index('shares_search_trgm_idx').using('gin', sql`${t.search} gin_trgm_ops`),
    // The dashboard (issue 18): ageing walks (scope, state, state_since) oldest first; counts per
    // state of a fund, and per process step, are capped index-only walks.
    index('shares_state_since_idx').on(t.state, t.stateSince),
    index('shares_adm_state_since_idx').on(t.admId, t.state, t.stateSince),
    index('shares_fund_state_since_idx').on(t.fundId, t.state, t.stateSince),
    index('shares_step_idx').on(t.processStep),
    index('shares_adm_step_idx').on(t.admId, t.processStep),
    index('shares_fund_step_idx').on(t.fundId, t.processStep),
  ],
);

/** Every move of a share: who, when, from, to, files. */
export const shareHistory = pgTable(
  'share_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shareId: uuid('share_id').notNull().references(() => shares.id),
    action: text('action').notNull(),
    fromState: shareState('from_state'),
    toState: shareState('to_state'),
    userId: uuid('user_id').references(() => users.id),
    files: jsonb('files').$type<string[]>().notNull().default([]),
    note: text('note'),
    /** A repeated request with the same key does not write history twice. */
    requestKey: text('request_key'),
    /** What the keyed request asked (requestFingerprint): the same key with other data is refused. */
    requestHash: text('request_hash'),
    /** The pendency a pendency move was about (issue 15): a repeated request answers that pendency. */
    pendencyId: uuid('pendency_id'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  // share_history_moves_at_idx: the dashboard's moves per day count the last 30 days' moves (issue
  // 18) from the index alone: on every entry's `at` it read each one's row to tell a move from a
  // creation (262 ms at 1M shares, 79 ms from the partial index; docs/decisions.md).
  (t) => [
    index('share_history_share_idx').on(t.shareId, t.at),
    uniqueIndex('share_history_request_key').on(t.requestKey),
    index('share_history_moves_at_idx').on(t.at).where(sql`${t.fromState} is not null and ${t.toState} is not null`),
  ],
);

/** SPEC §3 process status history: entries each with a state (e.g. sent_to_fastin). */
export const processStatusHistory = pgTable(
  'process_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shareId: uuid('share_id').notNull().references(() => shares.id),
    step: smallint('step').notNull(),
    state: text('state').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('process_status_history_share_idx').on(t.shareId, t.at)],
);

/** Signers. `signerOrder` 1 is the first signer (Person), 2 the second (co-person). */
export const persons = pgTable(
  'persons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shareId: uuid('share_id').notNull().references(() => shares.id),
    signerOrder: smallint('signer_order').notNull(),
    ownerRole: ownerRole('owner_role').notNull().default('owner'),
    name: text('name'),
    cpf: text('cpf'),
    phone: text('phone'),
    email: text('email'),
    rg: text('rg'),
    documentDispatcher: text('document_dispatcher'),
    occupation: text('occupation'),
    maritalStatus: text('marital_status'),
    nationality: text('nationality'),
    address: jsonb('address').$type<Address>(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('persons_share_order_key').on(t.shareId, t.signerOrder)],
);

export const companies = pgTable('companies', {
  shareId: uuid('share_id').primaryKey().references(() => shares.id),
  name: text('name'),
  cnpj: text('cnpj'),
  primaryPhone: text('primary_phone'),
  email: text('email'),
  address: jsonb('address').$type<Address>(),
  updatedAt: updatedAt(),
});

export const banks = pgTable(
  'banks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shareId: uuid('share_id').notNull().references(() => shares.id),
    name: text('name'),
    code: text('code'),
    agency: text('agency'),
    account: text('account'),
    selected: boolean('selected').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('banks_share_idx').on(t.shareId)],
);

export const proposals = pgTable(
  'proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shareId: uuid('share_id').notNull().references(() => shares.id),
    playerId: integer('player_id').references(() => players.id),
    fundId: integer('fund_id').references(() => funds.id),
    price: numeric('price', { precision: 14, scale: 2 }).notNull(),
    paymentType: paymentType('payment_type').notNull().default('payment_in_full'),
    status: text('status').notNull().default('open'),
    selected: boolean('selected').notNull().default(false),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('proposals_share_idx').on(t.shareId)],
);

/** Uploaded files (storage flow). A file is visible only once `status` is complete. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    size: integer('size'),
    contentType: text('content_type'),
    documentType: documentType('document_type'),
    totalParts: integer('total_parts').notNull().default(1),
    status: text('status').notNull().default('pending'),
    shareId: uuid('share_id').references(() => shares.id),
    auctionId: uuid('auction_id'),
    admSlug: text('adm_slug'),
    /** The tenant the file belongs to (resolved from admSlug); null for a platform file (operators only). */
    admId: integer('adm_id').references(() => administrators.id),
    /** The storage driver's multipart upload id (S3 UploadId; the file id for the local disk). */
    uploadId: text('upload_id'),
    uploadedBy: uuid('uploaded_by').references(() => users.id),
    /** When the running upload_finalize claimed the upload; an old claim is a finalizer that died. */
    finalizingAt: timestamp('finalizing_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('files_key_key').on(t.key), index('files_share_idx').on(t.shareId)],
);

/**
 * Pendencies (issue 15): why a share is `with_pendency`, what is owed and how it was solved. A share
 * may hold several; it leaves `with_pendency` when the last open one (open or paid) is cleared.
 * `resolvedAt` is when it stopped being open: cleared (`clearedBy`, `clearNote`) or cancelled with the sale.
 */
export const pendencies = pgTable(
  'pendencies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shareId: uuid('share_id').notNull().references(() => shares.id),
    kind: pendencyKind('kind').notNull(),
    status: pendencyStatus('status').notNull().default('open'),
    description: text('description'),
    documentType: documentType('document_type'),
    amount: numeric('amount', { precision: 14, scale: 2 }),
    paymentType: paymentType('payment_type'),
    dueDate: date('due_date', { mode: 'string' }),
    /** The state the share had when the pendency was opened: where it returns when the last one is cleared. */
    returnState: shareState('return_state'),
    openedBy: uuid('opened_by').references(() => users.id),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    clearedBy: uuid('cleared_by').references(() => users.id),
    clearNote: text('clear_note'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('pendencies_share_idx').on(t.shareId),
    // The /pendencias list reads each share's open pendencies (kind, age, due date).
    index('pendencies_open_share_idx').on(t.shareId, t.openedAt).where(sql`${t.resolvedAt} is null`),
  ],
);

/** Boletos attached to a pendency (their file through the storage flow, attached to the share as LATE_INVOICE). */
export const pendencyTickets = pgTable(
  'pendency_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pendencyId: uuid('pendency_id').notNull().references(() => pendencies.id),
    shareId: uuid('share_id').notNull().references(() => shares.id),
    kind: ticketKind('kind').notNull(),
    fileId: uuid('file_id').notNull().references(() => files.id),
    /** The linha digitável, digits only; null for a ZIP of boletos. */
    line: text('line'),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    addedBy: uuid('added_by').references(() => users.id),
    addedAt: timestamp('added_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('pendency_tickets_pendency_idx').on(t.pendencyId, t.addedAt)],
);

/** Payments registered on a pendency, each with its proof (attached to the share as PAYMENT_PROOF). */
export const pendencyPayments = pgTable(
  'pendency_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pendencyId: uuid('pendency_id').notNull().references(() => pendencies.id),
    shareId: uuid('share_id').notNull().references(() => shares.id),
    ticketId: uuid('ticket_id').references(() => pendencyTickets.id),
    fileId: uuid('file_id').notNull().references(() => files.id),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    paidDate: date('paid_date', { mode: 'string' }).notNull(),
    registeredBy: uuid('registered_by').references(() => users.id),
    registeredAt: timestamp('registered_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('pendency_payments_pendency_idx').on(t.pendencyId, t.registeredAt)],
);

/**
 * The reasons "Cancelar venda" offers (issue 16: managed by operators). A disabled reason is kept for
 * the sales cancelled with it (cancellations reference it) and offered for no new one.
 */
export const cancelReasons = pgTable('cancel_reasons', {
  id: text('id').primaryKey(),
  label: text('label').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const cancellations = pgTable(
  'cancellations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shareId: uuid('share_id').notNull().references(() => shares.id),
    reasonId: text('reason_id').notNull().references(() => cancelReasons.id),
    detail: text('detail'),
    fromState: shareState('from_state').notNull(),
    userId: uuid('user_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('cancellations_share_idx').on(t.shareId, t.at)],
);

/** Auctions and direct sales (docs/auctions.md); `config` is an AuctionConfig as last saved ({} before). */
export const auctions = pgTable(
  'auctions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    admId: integer('adm_id').references(() => administrators.id),
    isAuction: boolean('is_auction').notNull(),
    status: auctionStatus('status').notNull().default('created'),
    config: jsonb('config').$type<Partial<AuctionConfig>>().notNull().default({}),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auctions_adm_idx').on(t.admId, t.updatedAt.desc()), index('auctions_updated_idx').on(t.updatedAt.desc(), t.id.desc())],
);

/** Every move of an auction: who, when, from, to (written with the move, in its transaction). */
export const auctionStatusHistory = pgTable(
  'auction_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    auctionId: uuid('auction_id').notNull().references(() => auctions.id),
    fromStatus: auctionStatus('from_status'),
    toStatus: auctionStatus('to_status').notNull(),
    userId: uuid('user_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('auction_status_history_auction_idx').on(t.auctionId, t.at)],
);

/** One pricing run over an uploaded spreadsheet; rows' errors are kept per line. */
export const auctionPricing = pgTable(
  'auction_pricing',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    auctionId: uuid('auction_id').notNull().references(() => auctions.id),
    fileId: uuid('file_id').references(() => files.id),
    status: pricingStatus('status').notNull().default('in_validation'),
    rowErrors: jsonb('row_errors').$type<PricingRowError[]>().notNull().default([]),
    /** Data rows read (header excluded). */
    rows: integer('rows').notNull().default(0),
    /** Shares priced once processed. */
    pricedRows: integer('priced_rows').notNull().default(0),
    /** Failed attempts of its background job (database or storage outages); 0 while none failed. */
    attempts: integer('attempts').notNull().default(0),
    /** Why the last attempt failed (PricingFailureReason), for the pricing screen. */
    lastError: text('last_error').$type<PricingFailureReason>(),
    /** When the retries ran out and the run became `failed` (the job's dead letter). */
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auction_pricing_auction_idx').on(t.auctionId, t.createdAt.desc())],
);

/**
 * The prices a processed run gave the auction's shares. Kept per run: the auction's prices are those
 * of its latest processed run, so removing that run's spreadsheet brings back the previous prices.
 */
export const auctionSharePrices = pgTable(
  'auction_share_prices',
  {
    pricingId: uuid('pricing_id').notNull().references(() => auctionPricing.id, { onDelete: 'cascade' }),
    shareId: uuid('share_id').notNull().references(() => shares.id),
    auctionId: uuid('auction_id').notNull().references(() => auctions.id),
    price: numeric('price', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.pricingId, t.shareId] }), index('auction_share_prices_auction_idx').on(t.auctionId, t.shareId)],
);

/** Files attached to an auction by type (add_file / remove_file); a file belongs to one auction at most. */
export const auctionFiles = pgTable(
  'auction_files',
  {
    fileId: uuid('file_id').primaryKey().references(() => files.id),
    auctionId: uuid('auction_id').notNull().references(() => auctions.id),
    fileType: text('file_type').$type<AuctionFileType>().notNull(),
    addedBy: uuid('added_by').references(() => users.id),
    addedAt: timestamp('added_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('auction_files_auction_idx').on(t.auctionId, t.addedAt.desc())],
);

export const playerFiles = pgTable('player_files', {
  id: uuid('id').primaryKey().defaultRandom(),
  fileId: uuid('file_id').notNull().references(() => files.id),
  fileType: text('file_type').notNull(),
  playerIds: integer('player_ids').array().notNull(),
  sentBy: uuid('sent_by').references(() => users.id),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Saved views (issue 18): a user's named copy of one list's URL state (filters, sort, page size) and
 * the columns it hides. Only its owner reads or changes it. `name_key` is the name without capitals
 * or accents (src/domain/listViews.ts viewNameKey): one per user and list.
 */
export const listViews = pgTable(
  'list_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A list of src/domain/listViews.ts VIEW_LISTS (a resource's name). */
    list: text('list').notNull(),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    state: text('state').notNull().default(''),
    hiddenColumns: text('hidden_columns').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('list_views_user_list_name_key').on(t.userId, t.list, t.nameKey), index('list_views_user_idx').on(t.userId, t.list, t.name)],
);

/** The columns each list hides for a user outside any view (the column chooser's memory, issue 18). */
export const listColumns = pgTable(
  'list_columns',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    hiddenColumns: text('hidden_columns').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.list] })],
);
