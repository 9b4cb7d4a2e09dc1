/**
 * The small, fixed part of the demo data: administrators and their brands, funds, players, demo
 * users, cancel reasons and auctions. Ids of administrators, funds and players are fixed because
 * the README, the tests and the white-label hosts (acme.localhost) refer to them.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../client';
import {
  administrators,
  admConfigs,
  auctionPricing,
  auctionStatusHistory,
  auctions,
  cancelReasons,
  funds,
  players,
  users,
  whiteLabelConfigs,
} from '../schema';
import type { AuctionStatus } from '../../../src/domain/enums';
import { CANCEL_REASONS } from './data';
import { Random, formatCnpjDigits, randomCnpj } from './random';

export interface DemoUser {
  email: string;
  name: string;
  profiles: string[];
  admId?: number;
  fundId?: number;
  playerIsRepasse?: boolean;
  mustChangePassword?: boolean;
  passwordExpired?: boolean;
  deniedPermissions?: string[];
}

/**
 * Every demo user shares the seed password. The first four are the ones the README and the e2e
 * tests log in with; the rest exist for flows built later (first access, expired password, the
 * transfer-responsible picker, a denied permission, fund and brand scoping).
 */
export const DEMO_USERS: readonly DemoUser[] = [
  { email: 'operador@repasse.dev', name: 'Olívia Operadora', profiles: ['operator'], playerIsRepasse: true },
  { email: 'adm@acme.repasse.dev', name: 'Augusto Almeida', profiles: ['adm'], admId: 1 },
  { email: 'adm@orbita.repasse.dev', name: 'Otávio Oliveira', profiles: ['adm'], admId: 2 },
  { email: 'fundo@repasse.dev', name: 'Fabiana Freitas', profiles: ['fund'], fundId: 1 },
  { email: 'primeiro.acesso@repasse.dev', name: 'Paulo Primo', profiles: ['operator'], playerIsRepasse: true, mustChangePassword: true },
  { email: 'senha.expirada@repasse.dev', name: 'Sérgio Sena', profiles: ['operator'], playerIsRepasse: true, passwordExpired: true },
  { email: 'beatriz@repasse.dev', name: 'Beatriz Barros', profiles: ['operator'], playerIsRepasse: true },
  { email: 'caio@repasse.dev', name: 'Caio Cardoso', profiles: ['operator'], playerIsRepasse: true },
  { email: 'rafaela@repasse.dev', name: 'Rafaela Rezende', profiles: ['operator'], playerIsRepasse: true },
  { email: 'restrito@acme.repasse.dev', name: 'Renato Ribeiro', profiles: ['adm'], admId: 1, deniedPermissions: ['share.cancel_sale'] },
  { email: 'adm@vertice.repasse.dev', name: 'Vera Vasconcelos', profiles: ['adm'], admId: 3 },
  { email: 'fundo.beta@repasse.dev', name: 'Bruno Bastos', profiles: ['fund'], fundId: 2 },
];

/** Operators who move shares in the generated history and may be transfer responsibles. */
export const WORKING_OPERATORS = ['operador@repasse.dev', 'beatriz@repasse.dev', 'caio@repasse.dev', 'rafaela@repasse.dev'] as const;

const favicon = (color: string, letter: string): string =>
  'data:image/svg+xml,' +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${color}"/>` +
      `<text x="16" y="23" font-family="Arial,sans-serif" font-size="19" font-weight="700" text-anchor="middle" fill="#fff">${letter}</text></svg>`,
  );

export interface AdministratorSeed {
  id: number;
  name: string;
  /** Contract-number prefix of this administrator's shares. */
  prefix: string;
  /** Share of the generated portfolio. */
  weight: number;
  brand?: {
    labelId: string;
    colors: { primary: string; secondary: string };
    allowMultiprices: boolean;
    displayDocumentsInBackoffice: boolean;
  };
  admAllowMultiprices: boolean;
}

export const ADMINISTRATORS: readonly AdministratorSeed[] = [
  {
    id: 1,
    name: 'Acme Consórcios',
    prefix: 'ACM',
    weight: 45,
    brand: { labelId: 'acme', colors: { primary: '#C2410C', secondary: '#FFF7ED' }, allowMultiprices: false, displayDocumentsInBackoffice: false },
    admAllowMultiprices: false,
  },
  {
    id: 2,
    name: 'Órbita Consórcios',
    prefix: 'ORB',
    weight: 35,
    brand: { labelId: 'orbita', colors: { primary: '#7C3AED', secondary: '#F5F3FF' }, allowMultiprices: true, displayDocumentsInBackoffice: true },
    admAllowMultiprices: true,
  },
  { id: 3, name: 'Vértice Consórcios', prefix: 'VRT', weight: 20, admAllowMultiprices: false },
];

export const FUNDS = [
  { id: 1, name: 'Fundo Alfa FIDC' },
  { id: 2, name: 'Fundo Beta FIDC' },
] as const;

export const PLAYERS = [
  { id: 1, name: 'Alfa Crédito Consignado I', fundId: 1, enabled: true },
  { id: 2, name: 'Alfa Recebíveis Consórcio II', fundId: 1, enabled: true },
  { id: 3, name: 'Beta Multicotas', fundId: 2, enabled: true },
  { id: 4, name: 'Beta Recebíveis Imobiliários', fundId: 2, enabled: true },
  { id: 5, name: 'Repasse Capital', fundId: null, enabled: true },
  { id: 6, name: 'Horizonte Investimentos', fundId: null, enabled: false },
] as const;

/** Everything inserted with explicit serial ids: their sequences must move past the seed. */
const SERIAL_TABLES = ['administrators', 'funds', 'players'] as const;

export interface ReferenceIds {
  userIdByEmail: Map<string, string>;
}

/**
 * CNPJs of the reference rows come from their own fixed seed: a brand keeps its CNPJ whatever
 * share seed a benchmark uses.
 */
export async function insertReference(tx: Tx, passwordHash: string, now: Date): Promise<ReferenceIds> {
  const rng = new Random(20240601);
  const day = 86_400_000;

  const admRows = ADMINISTRATORS.map((a) => ({ ...a, cnpj: randomCnpj(rng) }));
  await tx.insert(administrators).values(admRows.map((a) => ({ id: a.id, name: a.name, cnpj: a.cnpj, createdAt: new Date(now.getTime() - 900 * day) })));
  const brands = admRows.filter((a) => a.brand);
  await tx.insert(whiteLabelConfigs).values(
    brands.map((a) => ({
      admId: a.id,
      labelId: a.brand!.labelId,
      cnpj: formatCnpjDigits(a.cnpj),
      admIdByCnpj: a.cnpj,
      allowMultiprices: a.brand!.allowMultiprices,
      displayDocumentsInBackoffice: a.brand!.displayDocumentsInBackoffice,
      favicon: favicon(a.brand!.colors.primary, a.name[0]),
      name: a.name,
      colors: a.brand!.colors,
    })),
  );
  await tx.insert(admConfigs).values(admRows.map((a) => ({ admId: a.id, allowMultiprices: a.admAllowMultiprices, settings: {} })));

  await tx.insert(funds).values(FUNDS.map((f) => ({ id: f.id, name: f.name, cnpj: randomCnpj(rng), createdAt: new Date(now.getTime() - 800 * day) })));
  await tx.insert(players).values(
    PLAYERS.map((p) => ({ id: p.id, name: p.name, document: randomCnpj(rng), enabled: p.enabled, fundId: p.fundId, createdAt: new Date(now.getTime() - 700 * day) })),
  );
  for (const table of SERIAL_TABLES) {
    await tx.execute(sql.raw(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM "${table}"))`));
  }

  await tx.insert(cancelReasons).values(CANCEL_REASONS.map((r) => ({ id: r.id, label: r.label })));

  const inserted = await tx
    .insert(users)
    .values(
      DEMO_USERS.map((u, i) => ({
        email: u.email,
        name: u.name,
        passwordHash,
        profiles: u.profiles,
        admId: u.admId ?? null,
        fundId: u.fundId ?? null,
        playerIsRepasse: u.playerIsRepasse ?? false,
        deniedPermissions: u.deniedPermissions ?? [],
        mustChangePassword: u.mustChangePassword ?? false,
        passwordExpiresAt: u.passwordExpired ? new Date(now.getTime() - 2 * day) : null,
        lastAccess: u.mustChangePassword ? null : new Date(now.getTime() - (i + 1) * 3_600_000),
        createdAt: new Date(now.getTime() - 400 * day),
      })),
    )
    .returning({ id: users.id, email: users.email });
  const userIdByEmail = new Map(inserted.map((u) => [u.email, u.id]));

  await insertAuctions(tx, rng, now, userIdByEmail);
  return { userIdByEmail };
}

/** The path an auction takes to reach each status; canceled ones are called off while pricing. */
const AUCTION_PATHS: Record<AuctionStatus, AuctionStatus[]> = {
  created: ['created'],
  pricing: ['created', 'pricing'],
  canceled: ['created', 'pricing', 'canceled'],
  processing: ['created', 'pricing', 'processing'],
  live: ['created', 'pricing', 'processing', 'live'],
  finished: ['created', 'pricing', 'processing', 'live', 'finished'],
};

/** Three auctions per status, over the two branded administrators and the unbranded one. */
async function insertAuctions(tx: Tx, rng: Random, now: Date, userIdByEmail: Map<string, string>): Promise<void> {
  const day = 86_400_000;
  const admUser: Record<number, string | undefined> = {
    1: userIdByEmail.get('adm@acme.repasse.dev'),
    2: userIdByEmail.get('adm@orbita.repasse.dev'),
    3: userIdByEmail.get('adm@vertice.repasse.dev'),
  };
  const operator = userIdByEmail.get('operador@repasse.dev');
  const history: (typeof auctionStatusHistory.$inferInsert)[] = [];
  const pricing: (typeof auctionPricing.$inferInsert)[] = [];
  let n = 0;
  for (const status of Object.keys(AUCTION_PATHS) as AuctionStatus[]) {
    for (const admId of [1, 2, 3]) {
      n++;
      const path = AUCTION_PATHS[status];
      const start = now.getTime() - rng.int(5, 200) * day;
      let t = start;
      const times = path.map((_, i) => new Date(i === 0 ? t : (t += rng.int(1, 4) * day + rng.int(0, 8) * 3_600_000)));
      const isAuction = rng.chance(0.7);
      const createdBy = rng.chance(0.6) ? admUser[admId] : operator;
      const id = rng.uuid();
      const adm = ADMINISTRATORS.find((a) => a.id === admId)!;
      await tx.insert(auctions).values({
        id,
        admId,
        isAuction,
        status,
        config: {
          title: `${isAuction ? 'Leilão' : 'Venda direta'} ${adm.prefix} ${String(n).padStart(3, '0')}`,
          minimumDiscountPercent: rng.int(5, 30),
          startsAt: new Date(start + 7 * day).toISOString(),
          endsAt: new Date(start + 14 * day).toISOString(),
        },
        createdBy,
        createdAt: times[0],
        updatedAt: times[times.length - 1],
      });
      path.forEach((to, i) => history.push({ auctionId: id, fromStatus: i === 0 ? null : path[i - 1], toStatus: to, userId: createdBy, at: times[i] }));
      if (path.includes('pricing')) {
        const done = path.includes('processing');
        const failed = status === 'canceled';
        const rows = rng.int(20, 400);
        pricing.push({
          auctionId: id,
          status: done ? 'processed' : failed ? 'validation_error' : status === 'pricing' ? 'in_validation' : 'validation_ok',
          rows,
          rowErrors: failed ? [{ row: rng.int(2, rows), message: 'Valor de crédito inválido' }] : [],
          createdAt: times[1],
          updatedAt: times[Math.min(times.length - 1, 2)],
        });
      }
    }
  }
  await tx.insert(auctionStatusHistory).values(history);
  if (pricing.length) await tx.insert(auctionPricing).values(pricing);
}
