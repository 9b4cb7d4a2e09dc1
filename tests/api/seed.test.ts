/**
 * The demo seed on a fresh database: coverage of states and steps, tenants, demo users, valid
 * documents, idempotency and determinism. Runs on PGlite, and on PostgreSQL too when DATABASE_URL
 * is set.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { runMigrations } from '../../server/db/migrate';
import { DEMO_USERS, seed, type SeedSummary } from '../../server/db/seed';
import { rowsOf } from '../../server/db/seed/bulk';
import { verifyPassword } from '../../server/services/password';
import { personComplete, type Person } from '../../src/domain/completeness';
import { PROCESS_STEPS } from '../../src/domain/processSteps';
import { SHARE_STATES } from '../../src/domain/shareStates';
import { isCnpj, isCpf, isEmail, isPhone } from '../../src/domain/validation';
import { withFreshPostgres, type FreshPostgres } from './support/pgDatabase';

const SHARES = 400;
const PASSWORD = 'senha-de-teste';
const TABLES = [
  'administrators', 'white_label_configs', 'adm_configs', 'funds', 'players', 'users', 'cancel_reasons', 'shares',
  'persons', 'companies', 'banks', 'proposals', 'share_history', 'process_status_history', 'pendencies',
  'cancellations', 'auctions', 'auction_status_history', 'auction_pricing',
];

const query = async <T>(h: DatabaseHandle, statement: ReturnType<typeof sql>): Promise<T[]> => rowsOf<T>(await h.db.execute(statement));

const counts = async (h: DatabaseHandle): Promise<Record<string, number>> => {
  const out: Record<string, number> = {};
  for (const t of TABLES) out[t] = (await query<{ n: number }>(h, sql.raw(`SELECT count(*)::int AS n FROM "${t}"`)))[0].n;
  return out;
};

async function freshDatabase(kind: 'pglite' | 'postgres'): Promise<{ handle: DatabaseHandle; pg: FreshPostgres | null }> {
  const pg = kind === 'postgres' ? await withFreshPostgres() : null;
  const handle = await openDatabase(pg ? { databaseUrl: pg.url, poolSize: 2 } : {});
  await runMigrations(handle);
  return { handle, pg };
}

const backends: ('pglite' | 'postgres')[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

describe.each(backends)('seed on %s', (kind) => {
  let handle: DatabaseHandle;
  let pg: FreshPostgres | null = null;
  let summary: SeedSummary;

  beforeAll(async () => {
    ({ handle, pg } = await freshDatabase(kind));
    summary = await seed(handle, { shares: SHARES, password: PASSWORD });
  });

  afterAll(async () => {
    await handle?.close();
    await pg?.drop();
  });

  it('reports the shares and demo users it wrote', async () => {
    expect(summary.seeded).toBe(true);
    expect(summary.shares).toBe(SHARES);
    expect((await counts(handle)).shares).toBe(SHARES);
    expect(summary.users).toContainEqual({ email: 'operador@repasse.dev', profile: 'operator' });
    expect(summary.users).toHaveLength(DEMO_USERS.length);
  });

  it('leaves the tables vacuumed and analysed, so index-only scans skip the heap from the first list', async () => {
    for (const table of ['shares', 'share_history']) {
      const [row] = rowsOf<{ pages: number; visible: number; tuples: number }>(
        await handle.db.execute(sql`select relpages as pages, relallvisible as visible, reltuples as tuples from pg_class where relname = ${table}`),
      );
      expect(Number(row.pages)).toBeGreaterThan(0);
      expect(Number(row.visible)).toBe(Number(row.pages));
      expect(Number(row.tuples)).toBeGreaterThan(0);
    }
  });

  it('puts shares in every state and every process step', async () => {
    const states = await query<{ state: string }>(handle, sql`SELECT DISTINCT state FROM shares`);
    expect(states.map((r) => r.state).sort()).toEqual([...SHARE_STATES].sort());
    const steps = await query<{ step: number }>(handle, sql`SELECT DISTINCT process_step AS step FROM shares`);
    expect(steps.map((r) => Number(r.step)).sort((a, b) => a - b)).toEqual([...PROCESS_STEPS]);
  });

  it('gives each of the three administrators shares in every state', async () => {
    const rows = await query<{ adm_id: number; n: number }>(handle, sql`SELECT adm_id, count(DISTINCT state)::int AS n FROM shares GROUP BY adm_id ORDER BY adm_id`);
    expect(rows.map((r) => [Number(r.adm_id), r.n])).toEqual([
      [1, SHARE_STATES.length],
      [2, SHARE_STATES.length],
      [3, SHARE_STATES.length],
    ]);
  });

  it('creates the demo users with their profiles, tenants and the given password', async () => {
    const rows = await query<{ email: string; profiles: string[]; adm_id: number | null; fund_id: number | null; player_is_repasse: boolean; password_hash: string; must_change_password: boolean; password_expires_at: string | null; denied_permissions: string[] }>(
      handle,
      sql`SELECT email, profiles, adm_id, fund_id, player_is_repasse, password_hash, must_change_password, password_expires_at, denied_permissions FROM users`,
    );
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    const expectUser = (email: string, profiles: string[], admId: number | null, fundId: number | null) => {
      const u = byEmail.get(email);
      expect(u, email).toBeDefined();
      expect(u!.profiles).toEqual(profiles);
      expect(u!.adm_id).toBe(admId);
      expect(u!.fund_id).toBe(fundId);
    };
    expectUser('operador@repasse.dev', ['operator'], null, null);
    expectUser('adm@acme.repasse.dev', ['adm'], 1, null);
    expectUser('adm@orbita.repasse.dev', ['adm'], 2, null);
    expectUser('fundo@repasse.dev', ['fund'], null, 1);
    expect(byEmail.get('operador@repasse.dev')!.player_is_repasse).toBe(true);
    expect(byEmail.get('primeiro.acesso@repasse.dev')!.must_change_password).toBe(true);
    expect(new Date(byEmail.get('senha.expirada@repasse.dev')!.password_expires_at!).getTime()).toBeLessThan(Date.now());
    expect(byEmail.get('restrito@acme.repasse.dev')!.denied_permissions).toEqual(['share.cancel_sale']);
    for (const email of ['operador@repasse.dev', 'adm@acme.repasse.dev', 'adm@orbita.repasse.dev', 'fundo@repasse.dev']) {
      expect(await verifyPassword(PASSWORD, byEmail.get(email)!.password_hash)).toBe(true);
    }
    expect(await verifyPassword('repasse123', byEmail.get('operador@repasse.dev')!.password_hash)).toBe(false);
    expect(new Set(rows.map((r) => r.email))).toEqual(new Set(DEMO_USERS.map((u) => u.email)));
  });

  it('sets up the brands, administrator configs, funds and players', async () => {
    const brands = await query<{ adm_id: number; label_id: string; cnpj: string; adm_id_by_cnpj: string; favicon: string; allow_multiprices: boolean; display_documents_in_backoffice: boolean }>(
      handle,
      sql`SELECT * FROM white_label_configs ORDER BY adm_id`,
    );
    expect(brands.map((b) => b.label_id)).toEqual(['acme', 'orbita']);
    for (const b of brands) {
      expect(isCnpj(b.cnpj)).toBe(true);
      expect(b.adm_id_by_cnpj).toBe(b.cnpj.replace(/\D/g, ''));
      expect(b.favicon).toMatch(/^data:image\/svg\+xml,/);
    }
    expect(brands[1]).toMatchObject({ allow_multiprices: true, display_documents_in_backoffice: true });
    const configs = await query<{ adm_id: number; allow_multiprices: boolean }>(handle, sql`SELECT adm_id, allow_multiprices FROM adm_configs ORDER BY adm_id`);
    expect(configs.map((c) => [c.adm_id, c.allow_multiprices])).toEqual([
      [1, false],
      [2, true],
      [3, false],
    ]);
    const funds = await query<{ cnpj: string }>(handle, sql`SELECT cnpj FROM funds`);
    expect(funds).toHaveLength(2);
    expect(funds.every((f) => isCnpj(f.cnpj))).toBe(true);
    const players = await query<{ enabled: boolean }>(handle, sql`SELECT enabled FROM players`);
    expect(players.filter((p) => !p.enabled)).toHaveLength(1);
    // The sequences moved past the fixed ids: the next administrator would not collide.
    const [next] = await query<{ id: number }>(handle, sql`SELECT nextval(pg_get_serial_sequence('administrators', 'id'))::int AS id`);
    expect(next.id).toBeGreaterThan(3);
  });

  it('stores valid CPFs, phones and e-mails on signers, and distinct second signers', async () => {
    const persons = await query<{ share_id: string; signer_order: number; cpf: string | null; phone: string | null; email: string | null }>(
      handle,
      sql`SELECT share_id, signer_order, cpf, phone, email FROM persons`,
    );
    expect(persons.filter((p) => p.signer_order === 1)).toHaveLength(SHARES);
    for (const p of persons) {
      if (p.cpf !== null) expect(isCpf(p.cpf), p.cpf).toBe(true);
      if (p.cpf !== null) expect(p.cpf).toMatch(/^\d{11}$/);
      if (p.phone !== null) expect(isPhone(p.phone), p.phone).toBe(true);
      if (p.email !== null) expect(isEmail(p.email), p.email).toBe(true);
    }
    const firsts = new Map(persons.filter((p) => p.signer_order === 1).map((p) => [p.share_id, p]));
    const seconds = persons.filter((p) => p.signer_order === 2);
    expect(seconds.length).toBeGreaterThan(SHARES * 0.15);
    expect(seconds.length).toBeLessThan(SHARES * 0.35);
    for (const s of seconds) {
      const f = firsts.get(s.share_id)!;
      expect(s.cpf).not.toBe(f.cpf);
      expect(s.email).not.toBe(f.email);
      expect(s.cpf && s.phone && s.email).toBeTruthy();
    }
  });

  it('leaves about a fifth of the first signers incomplete', async () => {
    const rows = await query<Person & { is_pj: boolean }>(
      handle,
      sql`SELECT p.name, p.cpf, p.phone, p.email, p.rg, p.document_dispatcher AS "documentDispatcher", p.occupation,
                 p.marital_status AS "maritalStatus", p.nationality, p.address, s.is_pj
          FROM persons p JOIN shares s ON s.id = p.share_id WHERE p.signer_order = 1`,
    );
    const incomplete = rows.filter((r) => !personComplete(r, r.is_pj)).length;
    expect(incomplete / rows.length).toBeGreaterThan(0.1);
    expect(incomplete / rows.length).toBeLessThan(0.3);
  });

  it('gives PJ shares a company with a valid CNPJ as the owner', async () => {
    const rows = await query<{ is_pj: boolean; owner_name: string; owner_document: string | null; name: string | null; cnpj: string | null }>(
      handle,
      sql`SELECT s.is_pj, s.owner_name, s.owner_document, c.name, c.cnpj FROM shares s LEFT JOIN companies c ON c.share_id = s.id`,
    );
    const pj = rows.filter((r) => r.is_pj);
    expect(pj.length).toBeGreaterThan(SHARES * 0.08);
    expect(pj.length).toBeLessThan(SHARES * 0.25);
    for (const r of pj) {
      expect(isCnpj(r.cnpj), String(r.cnpj)).toBe(true);
      expect(r.owner_document).toBe(r.cnpj);
      expect(r.owner_name).toBe(r.name);
    }
    expect(rows.filter((r) => !r.is_pj && r.cnpj !== null)).toHaveLength(0);
  });

  it('keeps workflow, history, pendencies and cancellations consistent with each share', async () => {
    const lastMove = await query<{ state: string; to_state: string }>(
      handle,
      sql`SELECT s.state, h.to_state FROM shares s
          JOIN LATERAL (SELECT to_state FROM share_history WHERE share_id = s.id ORDER BY at DESC, id DESC LIMIT 1) h ON true`,
    );
    expect(lastMove).toHaveLength(SHARES);
    expect(lastMove.filter((r) => r.state !== r.to_state)).toEqual([]);

    const lastStep = await query<{ process_step: number; step: number }>(
      handle,
      sql`SELECT s.process_step, p.step FROM shares s
          JOIN LATERAL (SELECT step FROM process_status_history WHERE share_id = s.id ORDER BY at DESC, id DESC LIMIT 1) p ON true`,
    );
    expect(lastStep).toHaveLength(SHARES);
    expect(lastStep.filter((r) => Number(r.process_step) !== Number(r.step))).toEqual([]);

    const [partner] = await query<{ mismatched: number; sent: number }>(
      handle,
      sql`SELECT count(*) FILTER (WHERE s.sent_to_partner <> EXISTS (SELECT 1 FROM process_status_history p WHERE p.share_id = s.id AND p.state = 'sent_to_fastin'))::int AS mismatched,
                 count(*) FILTER (WHERE s.sent_to_partner)::int AS sent
          FROM shares s`,
    );
    expect(partner.mismatched).toBe(0);
    expect(partner.sent).toBeGreaterThan(0);

    const [pendency] = await query<{ without_open: number; without_previous: number }>(
      handle,
      sql`SELECT count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM pendencies p WHERE p.share_id = s.id AND p.resolved_at IS NULL))::int AS without_open,
                 count(*) FILTER (WHERE s.previous_state IS NULL OR s.previous_state = 'with_pendency')::int AS without_previous
          FROM shares s WHERE s.state = 'with_pendency'`,
    );
    expect(pendency).toEqual({ without_open: 0, without_previous: 0 });
    const [stray] = await query<{ n: number }>(
      handle,
      sql`SELECT count(*)::int AS n FROM pendencies p JOIN shares s ON s.id = p.share_id WHERE p.resolved_at IS NULL AND s.state <> 'with_pendency'`,
    );
    expect(stray.n).toBe(0);

    const canceled = await query<{ state: string; process_step: number; cancel_reason: string | null; reason_id: string | null; label: string | null }>(
      handle,
      sql`SELECT s.state, s.process_step, s.cancel_reason, c.reason_id, r.label FROM shares s
          LEFT JOIN cancellations c ON c.share_id = s.id LEFT JOIN cancel_reasons r ON r.id = c.reason_id
          WHERE s.canceled_at IS NOT NULL`,
    );
    expect(canceled.length).toBeGreaterThan(0);
    for (const c of canceled) {
      expect(c.state).toBe('available');
      expect(Number(c.process_step)).toBe(5);
      expect(c.reason_id).toBe(c.cancel_reason);
      expect(c.label).toBeTruthy();
    }
    const [reasons] = await query<{ n: number }>(handle, sql`SELECT count(*)::int AS n FROM cancel_reasons`);
    expect(reasons.n).toBeGreaterThanOrEqual(6);
  });

  it('gives every share past available one selected proposal, and funds about 40% of shares', async () => {
    const rows = await query<{ state: string; canceled: boolean; selected: number; proposals: number; fund_id: number | null; selected_fund: number | null }>(
      handle,
      sql`SELECT s.state, s.canceled_at IS NOT NULL AS canceled, s.fund_id,
                 count(p.id)::int AS proposals, count(p.id) FILTER (WHERE p.selected)::int AS selected,
                 max(p.fund_id) FILTER (WHERE p.selected) AS selected_fund
          FROM shares s LEFT JOIN proposals p ON p.share_id = s.id GROUP BY s.id`,
    );
    for (const r of rows.filter((x) => x.state !== 'available')) {
      expect(r.proposals).toBeGreaterThanOrEqual(1);
      expect(r.proposals).toBeLessThanOrEqual(3);
      expect(r.selected).toBe(1);
      expect(r.selected_fund === null ? null : Number(r.selected_fund)).toBe(r.fund_id === null ? null : Number(r.fund_id));
    }
    expect(rows.filter((r) => r.state === 'available' && r.selected > 0)).toEqual([]);
    const funded = rows.filter((r) => r.fund_id !== null).length / rows.length;
    expect(funded).toBeGreaterThan(0.3);
    expect(funded).toBeLessThan(0.5);
  });

  it('ships auctions in every status with their status history', async () => {
    const rows = await query<{ status: string; n: number; last: string }>(
      handle,
      sql`SELECT a.status, count(*)::int AS n,
                 min((SELECT h.to_status FROM auction_status_history h WHERE h.auction_id = a.id ORDER BY h.at DESC, h.id DESC LIMIT 1)::text) AS last
          FROM auctions a GROUP BY a.status`,
    );
    expect(rows.map((r) => r.status).sort()).toEqual(['canceled', 'created', 'finished', 'live', 'pricing', 'processing']);
    for (const r of rows) expect(r.last).toBe(r.status);
  });

  it('does nothing the second time', async () => {
    const before = await counts(handle);
    const again = await seed(handle, { shares: 50 });
    expect(again.seeded).toBe(false);
    expect(again.shares).toBe(SHARES);
    expect(again.users.map((u) => u.email)).toContain('adm@acme.repasse.dev');
    expect(await counts(handle)).toEqual(before);
  });
});

describe('seed determinism', () => {
  const handles: DatabaseHandle[] = [];
  afterAll(async () => {
    for (const h of handles) await h.close();
  });

  const snapshot = async (seedValue: number) => {
    const { handle } = await freshDatabase('pglite');
    handles.push(handle);
    await seed(handle, { shares: 120, seed: seedValue, now: new Date('2026-01-15T12:00:00Z') });
    return query<{ contract_number: string; id: string; owner_document: string | null; state: string; updated_at: unknown }>(
      handle,
      sql`SELECT contract_number, id, owner_document, state, updated_at::text FROM shares ORDER BY contract_number`,
    );
  };

  it('gives the same shares for the same seed and different ones for another', async () => {
    const a = await snapshot(42);
    const b = await snapshot(42);
    const c = await snapshot(7);
    expect(a).toHaveLength(120);
    expect(b).toEqual(a);
    expect(new Set(a.map((r) => r.contract_number)).size).toBe(120);
    expect(a[0].contract_number).toMatch(/^(ACM|ORB|VRT)-\d{7}$/);
    expect(c.map((r) => r.owner_document)).not.toEqual(a.map((r) => r.owner_document));
  });
});
