/**
 * The small, fixed part of the demo data: administrators and their brands, funds, players, demo
 * users and cancel reasons (auctions, which need the shares, are in seed/auctions.ts). Ids of administrators, funds and players are fixed because
 * the README, the tests and the white-label hosts (acme.localhost) refer to them.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../client';
import {
  administrators,
  admConfigs,
  cancelReasons,
  funds,
  players,
  users,
  whiteLabelConfigs,
} from '../schema';
import { CANCEL_REASONS, RETIRED_CANCEL_REASONS } from './data';
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

  await tx.insert(cancelReasons).values([
    ...CANCEL_REASONS.map((r) => ({ id: r.id, label: r.label, createdAt: new Date(now.getTime() - 800 * day) })),
    ...RETIRED_CANCEL_REASONS.map((r) => ({ id: r.id, label: r.label, enabled: false, createdAt: new Date(now.getTime() - 800 * day) })),
  ]);

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

  return { userIdByEmail };
}

