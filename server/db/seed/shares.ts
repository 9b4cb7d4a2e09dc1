/**
 * The generated portfolio: one share at a time, with everything that hangs off it (signers,
 * company, banks, proposals, history, process status, pendencies, cancellations), pushed into
 * column batches. A share's rows depend only on the PRNG and its index, so chunk sizes and the
 * database in use never change what is generated.
 */
import type { Address } from '../../../src/domain/completeness';
import { OPEN_SALE_STATES, type ShareMove, type ShareState } from '../../../src/domain/shareStates';
import { PROCESS_STEP_KEYS, SENT_TO_PARTNER_STATE, type ProcessStep } from '../../../src/domain/processSteps';
import { getBanks } from '@brazilian-utils/brazilian-utils';
import { Batch } from './bulk';
import { PAYMENT_TYPES } from '../../../src/domain/enums';
import { PENDENCY_KIND_RULES, saoPauloDate } from '../../../src/domain/pendencies';
import { ptBR } from '../../../src/i18n/pt-BR';
import {
  BANK_CODES,
  BANK_WEIGHTS,
  CANCEL_REASONS,
  CANCEL_REASON_WEIGHTS,
  CITIES,
  COMPANY_EMAIL_DOMAINS,
  COMPANY_SUFFIXES,
  COMPANY_WORDS,
  EMAIL_DOMAINS,
  FIRST_NAMES_F,
  FIRST_NAMES_M,
  MARITAL_STATUSES,
  MARITAL_WEIGHTS,
  NAME_PARTICLES,
  NATIONALITIES,
  NATIONALITY_WEIGHTS,
  OCCUPATIONS,
  PENDENCY_KINDS,
  STREET_KINDS,
  STREET_NAMES,
  SURNAMES,
  type City,
} from './data';
import { ADMINISTRATORS, PLAYERS } from './reference';
import { Random, randomCnpj, randomCpf } from './random';

const DAY = 86_400_000;
/** Shares are created over the last 18 months. */
const HISTORY_SPAN_DAYS = 540;

/**
 * Where a share is now: its state, process step and the story that got it there. Weights are
 * percentages of the portfolio; the first 12 × 3 shares walk every combination for every
 * administrator so that even a tiny seed covers every state and step.
 */
interface Combo {
  key: 'fresh' | 'canceled' | 'rejected' | 'inactive' | 'sale' | 'pendency';
  state: ShareState;
  step: ProcessStep;
  weight: number;
}

export const COMBOS: readonly Combo[] = [
  { key: 'fresh', state: 'available', step: 0, weight: 22 },
  { key: 'canceled', state: 'available', step: 5, weight: 6 },
  { key: 'rejected', state: 'available', step: -1, weight: 3 },
  { key: 'rejected', state: 'available', step: 4, weight: 2 },
  { key: 'inactive', state: 'available', step: 8, weight: 3 },
  { key: 'sale', state: 'sent_to_autoservice', step: 0, weight: 10 },
  { key: 'sale', state: 'sent_to_autoservice', step: 1, weight: 4 },
  { key: 'sale', state: 'accepted_by_client', step: 1, weight: 10 },
  { key: 'sale', state: 'received_from_client', step: 2, weight: 10 },
  { key: 'sale', state: 'approved_by_adm', step: 3, weight: 9 },
  { key: 'sale', state: 'payment_done', step: 6, weight: 12 },
  { key: 'pendency', state: 'with_pendency', step: 7, weight: 9 },
];
const COMBO_WEIGHTS = COMBOS.map((c) => c.weight);
const ADM_IDS = ADMINISTRATORS.map((a) => a.id);
const ADM_WEIGHTS = ADMINISTRATORS.map((a) => a.weight);
const ADM_PREFIX = new Map(ADMINISTRATORS.map((a) => [a.id, a.prefix]));

/** Order of the sale: which step a move leaves the process in. */
const SALE_ORDER: readonly ShareState[] = ['available', 'sent_to_autoservice', 'accepted_by_client', 'received_from_client', 'approved_by_adm', 'payment_done'];

const FORWARD_MOVE: Partial<Record<ShareState, { action: ShareMove; step: ProcessStep; actor: Actor }>> = {
  accepted_by_client: { action: 'client_accept', step: 1, actor: 'client' },
  received_from_client: { action: 'contract_received', step: 2, actor: 'operator' },
  approved_by_adm: { action: 'set_transfer', step: 3, actor: 'adm' },
  payment_done: { action: 'set_paid', step: 6, actor: 'staff' },
};

type Actor = 'operator' | 'adm' | 'staff' | 'client' | 'system';

const BANKS = (() => {
  const byCode = new Map(getBanks().map((b) => [b.code, b.name]));
  return BANK_CODES.map((code) => ({ code, name: byCode.get(code) ?? code }));
})();

export interface ShareContext {
  rng: Random;
  now: number;
  operators: readonly string[];
  admUser: ReadonlyMap<number, string>;
}

interface Event {
  action?: ShareMove | 'created';
  from?: ShareState | null;
  to?: ShareState;
  actor?: Actor;
  steps?: [ProcessStep, string][];
  note?: string;
  at?: Date;
}

export function createBatches() {
  return {
    shares: new Batch('shares', {
      id: 'uuid',
      contract_number: 'text',
      state: 'share_state',
      previous_state: 'share_state',
      is_pj: 'bool',
      adm_id: 'int',
      fund_id: 'int',
      process_step: 'smallint',
      sent_to_partner: 'bool',
      group_code: 'text',
      quota_code: 'text',
      credit_value: 'numeric',
      owner_name: 'text',
      owner_document: 'text',
      canceled_at: 'timestamptz',
      cancel_reason: 'text',
      transfer_responsible_id: 'uuid',
      version: 'int',
      state_since: 'timestamptz',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    }),
    persons: new Batch('persons', {
      share_id: 'uuid',
      signer_order: 'smallint',
      owner_role: 'owner_role',
      name: 'text',
      cpf: 'text',
      phone: 'text',
      email: 'text',
      rg: 'text',
      document_dispatcher: 'text',
      occupation: 'text',
      marital_status: 'text',
      nationality: 'text',
      address: 'jsonb',
      updated_at: 'timestamptz',
    }),
    companies: new Batch('companies', { share_id: 'uuid', name: 'text', cnpj: 'text', primary_phone: 'text', email: 'text', address: 'jsonb', updated_at: 'timestamptz' }),
    banks: new Batch('banks', { share_id: 'uuid', name: 'text', code: 'text', agency: 'text', account: 'text', selected: 'bool', created_at: 'timestamptz' }),
    proposals: new Batch('proposals', {
      share_id: 'uuid',
      player_id: 'int',
      fund_id: 'int',
      price: 'numeric',
      payment_type: 'payment_type',
      status: 'text',
      selected: 'bool',
      data: 'jsonb',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    }),
    shareHistory: new Batch('share_history', { share_id: 'uuid', action: 'text', from_state: 'share_state', to_state: 'share_state', user_id: 'uuid', note: 'text', at: 'timestamptz' }),
    processHistory: new Batch('process_status_history', {
      share_id: 'uuid',
      step: 'smallint',
      state: 'text',
      at: 'timestamptz',
    }),
    pendencies: new Batch('pendencies', {
      share_id: 'uuid',
      kind: 'pendency_kind',
      status: 'pendency_status',
      description: 'text',
      document_type: 'document_type',
      amount: 'numeric',
      payment_type: 'payment_type',
      due_date: 'date',
      return_state: 'share_state',
      opened_by: 'uuid',
      opened_at: 'timestamptz',
      cleared_by: 'uuid',
      clear_note: 'text',
      resolved_at: 'timestamptz',
    }),
    cancellations: new Batch('cancellations', { share_id: 'uuid', reason_id: 'text', detail: 'text', from_state: 'share_state', user_id: 'uuid', at: 'timestamptz' }),
  };
}

export type Batches = ReturnType<typeof createBatches>;

/** Parent table first: the statements of a chunk run in this order. */
export const BATCH_ORDER: readonly (keyof Batches)[] = [
  'shares',
  'persons',
  'companies',
  'banks',
  'proposals',
  'shareHistory',
  'processHistory',
  'pendencies',
  'cancellations',
];

const stepState = (step: ProcessStep): string => PROCESS_STEP_KEYS[step];

const slug = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

const cities = CITIES;
const cityWeights = CITIES.map((c) => c.weight);

function personName(rng: Random): { first: string; last: string; full: string } {
  const given: readonly string[] = rng.chance(0.5) ? FIRST_NAMES_F : FIRST_NAMES_M;
  const first = rng.pick(given);
  const last = rng.pick(SURNAMES);
  const parts: string[] = [first];
  if (rng.chance(0.25)) {
    const second = rng.pick(given);
    if (second !== first) parts.push(second);
  }
  if (rng.chance(0.6)) {
    const middle = rng.pick(SURNAMES);
    if (middle !== last) parts.push(rng.chance(0.3) ? `${rng.pick(NAME_PARTICLES)} ${middle}` : middle);
  }
  parts.push(last);
  return { first, last, full: parts.join(' ') };
}

const mobile = (rng: Random, city: City) => `(${city.ddd}) 9${rng.digits(4)}-${rng.digits(4)}`;
const landline = (rng: Random, city: City) => `(${city.ddd}) ${rng.int(2, 5)}${rng.digits(3)}-${rng.digits(4)}`;

function address(rng: Random, city: City): Address {
  return {
    zip: `${(city.zip + rng.digits(5)).slice(0, 5)}-${rng.digits(3)}`,
    address: `${rng.pick(STREET_KINDS)} ${rng.pick(STREET_NAMES)}`,
    number: String(rng.int(1, 3800)),
    district: rng.pick(city.districts),
    city: city.city,
    state: city.state,
  };
}

/** Fields a real back office most often finds missing, in rough order of how often. */
const OPTIONAL_PERSON_FIELDS = ['rg', 'documentDispatcher', 'occupation', 'maritalStatus', 'nationality', 'address'] as const;
const ADDRESS_PARTS = ['zip', 'number', 'district'] as const;
const BASIC_FIELDS = ['phone', 'email', 'cpf'] as const;

interface PersonData {
  name: string | null;
  cpf: string | null;
  phone: string | null;
  email: string | null;
  rg: string | null;
  documentDispatcher: string | null;
  occupation: string | null;
  maritalStatus: string | null;
  nationality: string | null;
  address: Address | null;
}

function firstSigner(rng: Random, city: City, incomplete: boolean): PersonData {
  const n = personName(rng);
  const p: PersonData = {
    name: n.full,
    cpf: randomCpf(rng),
    phone: mobile(rng, city),
    email: `${slug(n.first)}.${slug(n.last)}${rng.chance(0.6) ? rng.int(1, 999) : ''}@${rng.pick(EMAIL_DOMAINS)}`,
    rg: `${rng.digits(2)}.${rng.digits(3)}.${rng.digits(3)}-${rng.chance(0.1) ? 'X' : rng.digits(1)}`,
    documentDispatcher: city.state === 'RJ' && rng.chance(0.4) ? 'DETRAN/RJ' : `SSP/${city.state}`,
    occupation: rng.pick(OCCUPATIONS),
    maritalStatus: rng.weighted(MARITAL_STATUSES, MARITAL_WEIGHTS),
    nationality: rng.weighted(NATIONALITIES, NATIONALITY_WEIGHTS),
    address: address(rng, city),
  };
  if (incomplete) {
    const missing = rng.int(1, 3);
    for (let k = 0; k < missing; k++) {
      const field = rng.pick(OPTIONAL_PERSON_FIELDS);
      if (field === 'address' && p.address && rng.chance(0.6)) p.address = { ...p.address, [rng.pick(ADDRESS_PARTS)]: null };
      else p[field] = null;
    }
    // A quarter of the incomplete signers lack basic data too, which the lists flag differently.
    if (rng.chance(0.25)) p[rng.pick(BASIC_FIELDS)] = null;
  }
  return p;
}

function secondSigner(rng: Random, city: City, first: PersonData): PersonData {
  for (;;) {
    const n = personName(rng);
    const cpf = randomCpf(rng);
    const email = `${slug(n.first)}${slug(n.last)}${rng.int(1, 99)}@${rng.pick(EMAIL_DOMAINS)}`;
    if (cpf === first.cpf || email === first.email) continue;
    return {
      name: n.full,
      cpf,
      phone: mobile(rng, city),
      email,
      rg: null,
      documentDispatcher: null,
      occupation: null,
      maritalStatus: null,
      nationality: null,
      address: null,
    };
  }
}

function creditValue(rng: Random): number {
  const kind = rng.weighted(['vehicle', 'property', 'services'] as const, [50, 40, 10]);
  const [min, max] = kind === 'vehicle' ? [30_000, 150_000] : kind === 'property' ? [120_000, 650_000] : [12_000, 30_000];
  return Math.round(rng.int(min, max) / 500) * 500;
}

const money = (n: number) => n.toFixed(2);

/**
 * Assigns increasing times to the events between `created` and now: gaps of a few days, squeezed
 * when the share is too young to hold them all.
 */
function stampEvents(rng: Random, events: Event[], created: number, now: number): void {
  const gaps = events.map((_, i) => (i === 0 ? 0 : rng.float(0.3, 14) * DAY + rng.int(0, 10 * 3_600_000)));
  const total = gaps.reduce((a, b) => a + b, 0);
  const room = (now - created) * 0.95;
  const scale = total > room ? room / total : 1;
  let t = created;
  events.forEach((e, i) => {
    t += gaps[i] * scale;
    e.at = new Date(Math.round(t));
  });
}

/** The moves that take a share from available into `target` along the sale. */
function salePath(rng: Random, target: ShareState): Event[] {
  const events: Event[] = [];
  const targetIndex = SALE_ORDER.indexOf(target);
  if (target === 'sent_to_autoservice' || rng.chance(0.6)) {
    events.push({ action: 'share_send_autoservice', from: 'available', to: 'sent_to_autoservice', actor: 'operator', steps: [[0, stepState(0)]] });
  } else {
    events.push({ action: 'start_sale', from: 'available', to: 'accepted_by_client', actor: 'operator', steps: [[1, stepState(1)]] });
  }
  let current = events[0].to!;
  while (SALE_ORDER.indexOf(current) < targetIndex) {
    const next = SALE_ORDER[SALE_ORDER.indexOf(current) + 1];
    const move = FORWARD_MOVE[next]!;
    events.push({ action: move.action, from: current, to: next, actor: move.actor, steps: [[move.step, stepState(move.step)]] });
    current = next;
  }
  return events;
}

/** What the history says when a pendency is opened: its kind and description, as the API writes it. */
const pendencyNote = (k: (typeof PENDENCY_KINDS)[number]): string => `${ptBR.pendencyKind[k.kind]}: ${k.description}`;

/** Marks the process as sent to the partner (SPEC §4) once the signed contract is in. */
function maybeSendToPartner(rng: Random, events: Event[]): boolean {
  const received = events.find((e) => e.action === 'contract_received');
  if (!received || !rng.chance(0.45)) return false;
  received.steps = [...(received.steps ?? []), [2, SENT_TO_PARTNER_STATE]];
  return true;
}

export class ShareGenerator {
  private readonly rng: Random;
  private readonly enabledPlayers = PLAYERS.filter((p) => p.enabled);
  private readonly freePlayers = PLAYERS.filter((p) => p.enabled && p.fundId === null);

  constructor(private readonly ctx: ShareContext) {
    this.rng = ctx.rng;
  }

  private user(actor: Actor | undefined, admId: number): string | null {
    const { rng } = this;
    switch (actor) {
      case 'operator':
        return rng.pick(this.ctx.operators);
      case 'adm':
        return this.ctx.admUser.get(admId) ?? rng.pick(this.ctx.operators);
      case 'staff':
        return rng.chance(0.5) ? (this.ctx.admUser.get(admId) ?? rng.pick(this.ctx.operators)) : rng.pick(this.ctx.operators);
      default:
        return null;
    }
  }

  /** Generates share number `index` (0-based) and pushes its rows into `b`. */
  generate(index: number, b: Batches): void {
    const { rng } = this;
    const now = this.ctx.now;
    const coverage = COMBOS.length * ADM_IDS.length;
    const combo = index < coverage ? COMBOS[index % COMBOS.length] : rng.weighted(COMBOS, COMBO_WEIGHTS);
    const admId = index < coverage ? ADM_IDS[Math.floor(index / COMBOS.length)] : rng.weighted(ADM_IDS, ADM_WEIGHTS);
    const id = rng.uuid(index);
    const contractNumber = `${ADM_PREFIX.get(admId)}-${String(index + 1).padStart(7, '0')}`;
    const isPj = rng.chance(0.15);
    const city = rng.weighted(cities, cityWeights);
    const credit = creditValue(rng);
    const createdAt = now - rng.int(3_600_000, HISTORY_SPAN_DAYS * DAY);

    // The story of the share, as events in order; times are stamped once it is complete.
    const events: Event[] = [{ action: 'created', from: null, to: 'available', actor: 'system', steps: [[0, stepState(0)]], note: 'Cota importada da administradora' }];
    let previousState: ShareState | null = null;
    let cancel: { reason: (typeof CANCEL_REASONS)[number]; from: ShareState; event: Event } | null = null;
    let pendency: { kind: (typeof PENDENCY_KINDS)[number]; raise: Event; clear?: Event } | null = null;
    let oldPendency: { kind: (typeof PENDENCY_KINDS)[number]; raise: Event; clear: Event } | null = null;
    let sentToPartner = false;
    let inSale = false;

    const raisePendency = (from: ShareState): Event => ({
      action: 'raise_pendency',
      from,
      to: 'with_pendency',
      actor: 'staff',
      steps: [[7, stepState(7)]],
    });

    switch (combo.key) {
      case 'fresh':
        break;
      case 'rejected':
      case 'inactive':
        events.push({ steps: [[combo.step, stepState(combo.step)]] });
        break;
      case 'sale': {
        inSale = true;
        events.push(...salePath(rng, combo.state));
        if (combo.state === 'sent_to_autoservice' && combo.step === 1) events.push({ steps: [[1, stepState(1)]] });
        sentToPartner = maybeSendToPartner(rng, events);
        // Some finished or late-stage sales went through a pendency that was cleared.
        if (['received_from_client', 'approved_by_adm', 'payment_done'].includes(combo.state) && rng.chance(0.1)) {
          const at = events.findIndex((e) => e.action === 'contract_received');
          const raise = raisePendency('received_from_client');
          const clear: Event = { action: 'clear_pendency', from: 'with_pendency', to: 'received_from_client', actor: 'staff', steps: [[2, stepState(2)]] };
          events.splice(at + 1, 0, raise, clear);
          oldPendency = { kind: rng.pick(PENDENCY_KINDS), raise, clear };
        }
        break;
      }
      case 'pendency': {
        inSale = true;
        previousState = rng.weighted(OPEN_SALE_STATES, [15, 25, 35, 25]);
        events.push(...salePath(rng, previousState));
        sentToPartner = maybeSendToPartner(rng, events);
        const raise = raisePendency(previousState);
        events.push(raise);
        pendency = { kind: rng.pick(PENDENCY_KINDS), raise };
        break;
      }
      case 'canceled': {
        const from = rng.weighted([...OPEN_SALE_STATES, 'with_pendency'] as ShareState[], [25, 25, 25, 15, 10]);
        if (from === 'with_pendency') {
          const before = rng.weighted(OPEN_SALE_STATES, [15, 25, 35, 25]);
          events.push(...salePath(rng, before));
          const raise = raisePendency(before);
          events.push(raise);
          pendency = { kind: rng.pick(PENDENCY_KINDS), raise };
        } else {
          events.push(...salePath(rng, from));
        }
        sentToPartner = maybeSendToPartner(rng, events);
        const event: Event = { action: 'cancel_sale', from, to: 'available', actor: 'staff', steps: [[5, stepState(5)]] };
        events.push(event);
        cancel = { reason: rng.weighted(CANCEL_REASONS, CANCEL_REASON_WEIGHTS), from, event };
        if (pendency) pendency.clear = event;
        break;
      }
    }
    stampEvents(rng, events, createdAt, now);
    const last = events[events.length - 1].at!.getTime();
    // A share that never moved was still edited now and then (signer data, banks).
    const updatedAt = new Date(events.length > 1 ? last : last + rng.float(0, 0.8) * (now - last));
    const firstMoveAt = events.length > 1 ? events[1].at!.getTime() : null;

    // Buyers: a sale runs on a selected proposal; a fund's player wins about three sales in five.
    const fundId = inSale && rng.chance(0.62) ? rng.weighted([1, 2], [60, 40]) : null;
    const saleStarted = combo.key === 'sale' || combo.key === 'pendency' || combo.key === 'canceled';
    const proposalCount = saleStarted ? rng.int(1, 3) : combo.key === 'fresh' && rng.chance(0.3) ? rng.int(1, 2) : 0;
    const selectedIndex = saleStarted ? rng.int(0, proposalCount - 1) : -1;
    const proposalTime = new Date(firstMoveAt !== null ? firstMoveAt - rng.float(0.05, 0.5) * (firstMoveAt - createdAt) : createdAt + rng.float(0, 1) * (last - createdAt));
    for (let k = 0; k < proposalCount; k++) {
      const selected = k === selectedIndex;
      const player = selected
        ? fundId !== null
          ? rng.pick(this.enabledPlayers.filter((p) => p.fundId === fundId))
          : rng.pick(this.freePlayers)
        : rng.pick(this.enabledPlayers);
      const status = combo.key === 'canceled' ? 'canceled' : !saleStarted ? 'open' : selected ? 'accepted' : 'declined';
      b.proposals.push({
        share_id: id,
        player_id: player.id,
        fund_id: player.fundId,
        price: money(credit * rng.float(0.08, 0.38)),
        payment_type: rng.weighted(['payment_in_full', 'split_in_installments', 'payment_fines_and_interest', 'payment_post_award'] as const, [60, 20, 12, 8]),
        status,
        // A canceled sale frees its proposal: nothing stays selected on an available share.
        selected: selected && combo.key !== 'canceled',
        data: { validityDays: rng.pick([7, 15, 30]), paidInstallments: rng.int(3, 60) },
        created_at: proposalTime,
        updated_at: selected && firstMoveAt !== null ? new Date(firstMoveAt) : proposalTime,
      });
    }

    // Signers and company.
    const first = firstSigner(rng, city, rng.chance(0.2));
    b.persons.push(personRow(id, 1, isPj ? 'partner' : 'owner', first, updatedAt));
    if (rng.chance(0.25)) b.persons.push(personRow(id, 2, 'partner', secondSigner(rng, city, first), updatedAt));
    let ownerName = first.name;
    let ownerDocument = first.cpf;
    if (isPj) {
      const company = companyData(rng, city);
      b.companies.push({ share_id: id, ...company, updated_at: updatedAt });
      ownerName = company.name;
      ownerDocument = company.cnpj;
    }

    // The seller's bank accounts; when two, the newer one is the one selected.
    if (rng.chance(0.5)) {
      const count = rng.chance(0.2) ? 2 : 1;
      for (let k = 0; k < count; k++) {
        const bank = rng.weighted(BANKS, BANK_WEIGHTS);
        const incomplete = rng.chance(0.1);
        b.banks.push({
          share_id: id,
          name: bank.name,
          code: bank.code,
          agency: incomplete && rng.chance(0.5) ? null : rng.digits(4),
          account: incomplete ? null : `${rng.digits(rng.int(5, 8))}-${rng.digits(1)}`,
          selected: k === count - 1,
          created_at: new Date(createdAt + (k + 1) * rng.float(0, 0.3) * (last - createdAt)),
        });
      }
    }

    // History of moves and of the process status.
    let moves = 0;
    // The history says what each pendency was about and how it was solved.
    for (const p of [pendency, oldPendency]) {
      if (!p) continue;
      p.raise.note ??= pendencyNote(p.kind);
      if (p.clear?.action === 'clear_pendency') p.clear.note ??= 'Regularizado junto à administradora.';
    }
    for (const e of events) {
      if (e.action) {
        if (e.action !== 'created') moves++;
        b.shareHistory.push({
          share_id: id,
          action: e.action,
          from_state: e.from ?? null,
          to_state: e.to ?? null,
          user_id: this.user(e.actor, admId),
          note: e.note ?? null,
          at: e.at!,
        });
      }
      for (const [step, state] of e.steps ?? []) b.processHistory.push({ share_id: id, step, state, at: e.at! });
    }

    // Pendencies (issue 15): their details come from a generator of their own, so that the shares'
    // draws (and so every other seeded row) stay what they were before pendencies were records.
    const prng = new Random(0x15_0000 + index);
    const pendencyRows: { p: { kind: (typeof PENDENCY_KINDS)[number]; raise: Event; clear?: Event }; returnState: ShareState | null; cancelled: boolean; extra?: boolean }[] = [];
    if (pendency) pendencyRows.push({ p: pendency, returnState: pendency.raise.from ?? null, cancelled: combo.key === 'canceled' });
    if (oldPendency) pendencyRows.push({ p: oldPendency, returnState: oldPendency.raise.from ?? null, cancelled: false });
    // About one open pendency in four has a second one, of another kind, opened later.
    if (pendency && combo.key === 'pendency' && prng.chance(0.25)) {
      const other = PENDENCY_KINDS[(PENDENCY_KINDS.indexOf(pendency.kind) + prng.int(1, PENDENCY_KINDS.length - 1)) % PENDENCY_KINDS.length];
      const raisedAt = pendency.raise.at!.getTime();
      const at = new Date(raisedAt + prng.float(0.2, 0.9) * (now - raisedAt));
      pendencyRows.push({ p: { kind: other, raise: { ...pendency.raise, at } }, returnState: pendency.raise.from ?? null, cancelled: false, extra: true });
      b.shareHistory.push({ share_id: id, action: 'pendency_open', from_state: 'with_pendency', to_state: 'with_pendency', user_id: prng.pick(this.ctx.operators), note: pendencyNote(other), at });
    }
    for (const { p, returnState, cancelled, extra } of pendencyRows) {
      const money = PENDENCY_KIND_RULES[p.kind.kind].money;
      const openedAt = p.raise.at!;
      const resolvedAt = p.clear?.at ?? null;
      // The shares' own generator picks who opened the first ones, as it always did (its draws stay the same).
      const opener = extra ? prng.pick(this.ctx.operators) : this.user('staff', admId);
      b.pendencies.push({
        share_id: id,
        kind: p.kind.kind,
        status: resolvedAt ? (cancelled ? 'cancelled' : 'cleared') : 'open',
        description: p.kind.description,
        document_type: p.kind.documentType,
        amount: money ? (prng.int(40_000, 1_500_000) / 100).toFixed(2) : null,
        payment_type: money ? prng.pick(PAYMENT_TYPES) : null,
        // Due 3 to 20 days after it was opened: the older open ones are overdue, the recent ones not yet.
        due_date: saoPauloDate(openedAt.getTime() + prng.int(3, 20) * DAY),
        return_state: returnState,
        opened_by: opener,
        opened_at: openedAt,
        cleared_by: resolvedAt && !cancelled ? opener : null,
        clear_note: resolvedAt && !cancelled ? 'Regularizado junto à administradora.' : null,
        resolved_at: resolvedAt,
      });
    }
    if (cancel) {
      b.cancellations.push({
        share_id: id,
        reason_id: cancel.reason.id,
        detail: cancel.reason.detail,
        from_state: cancel.from,
        user_id: this.user('staff', admId),
        at: cancel.event.at!,
      });
    }

    const transferState = combo.state === 'with_pendency' ? previousState : combo.state;
    const inTransfer = transferState === 'received_from_client' || transferState === 'approved_by_adm';
    b.shares.push({
      id,
      contract_number: contractNumber,
      state: combo.state,
      previous_state: previousState,
      is_pj: isPj,
      adm_id: admId,
      fund_id: fundId,
      process_step: combo.step,
      sent_to_partner: sentToPartner,
      group_code: String(rng.int(1, 4200)).padStart(6, '0'),
      quota_code: String(rng.int(1, 999)).padStart(4, '0'),
      credit_value: money(credit),
      owner_name: ownerName,
      owner_document: ownerDocument,
      canceled_at: cancel ? cancel.event.at! : null,
      cancel_reason: cancel ? cancel.reason.id : null,
      transfer_responsible_id: inTransfer && rng.chance(0.6) ? rng.pick(this.ctx.operators) : null,
      version: moves,
      // As the workflow sets it: the last move into the current state (a move that keeps the state does not count).
      state_since: [...events].reverse().find((e) => e.to === combo.state && e.from !== e.to && e.at)?.at ?? new Date(createdAt),
      created_at: new Date(createdAt),
      updated_at: updatedAt,
    });
  }
}

function personRow(shareId: string, order: number, role: 'owner' | 'partner', p: PersonData, updatedAt: Date) {
  return {
    share_id: shareId,
    signer_order: order,
    owner_role: role,
    name: p.name,
    cpf: p.cpf,
    phone: p.phone,
    email: p.email,
    rg: p.rg,
    document_dispatcher: p.documentDispatcher,
    occupation: p.occupation,
    marital_status: p.maritalStatus,
    nationality: p.nationality,
    address: p.address,
    updated_at: updatedAt,
  };
}

function companyData(rng: Random, city: City) {
  const a = rng.pick(SURNAMES);
  const word = rng.pick(COMPANY_WORDS);
  const name = rng.chance(0.3)
    ? `${a} & ${rng.pick(SURNAMES)} ${word} ${rng.pick(COMPANY_SUFFIXES)}`
    : `${a} ${word} ${rng.pick(COMPANY_SUFFIXES)}`;
  const company = {
    name,
    cnpj: randomCnpj(rng) as string | null,
    primary_phone: (rng.chance(0.6) ? landline(rng, city) : mobile(rng, city)) as string | null,
    email: `contato@${slug(a)}${slug(word)}.${rng.pick(COMPANY_EMAIL_DOMAINS)}` as string | null,
    address: address(rng, city) as Address | null,
  };
  if (rng.chance(0.15)) {
    const field = rng.pick(['email', 'primary_phone', 'address'] as const);
    if (field === 'address') company.address = { ...company.address!, number: null };
    else company[field] = null;
  }
  return company;
}
