/**
 * Demo auctions: three per status (one per administrator), each configured as save_config would
 * have accepted it (docs/auctions.md) over real available shares of its administrator, with the
 * status history of the path it took and pricing runs that agree with its status. Seeded after the
 * shares, from its own PRNG, so the shares of a seed stay the same whatever happens here.
 *
 * - Open auctions (created, pricing, processing, live) of one administrator never share a share;
 *   the closed ones (canceled, finished) take theirs from the other end of the list.
 * - Spreadsheets are not seeded (no file without its bytes), so seeded runs have no file and are
 *   all finished (processed or validation_error): nothing for the pricing queue to resume.
 * - One created auction (Vértice's) was never configured, to show the wizard's first step.
 */
import { sql } from 'drizzle-orm';
import { type AuctionConfig, type PricingRowError, minimumPriceFor } from '../../../src/domain/auctions';
import type { AuctionStatus, PricingStatus } from '../../../src/domain/enums';
import type { Tx } from '../client';
import { auctionPricing, auctionSharePrices, auctionStatusHistory, auctions } from '../schema';
import { rowsOf } from './bulk';
import { Random } from './random';
import { ADMINISTRATORS, PLAYERS } from './reference';

/** The path an auction takes to reach each status; canceled ones are called off while pricing. */
const AUCTION_PATHS: Record<AuctionStatus, AuctionStatus[]> = {
  created: ['created'],
  pricing: ['created', 'pricing'],
  canceled: ['created', 'pricing', 'canceled'],
  processing: ['created', 'pricing', 'processing'],
  live: ['created', 'pricing', 'processing', 'live'],
  finished: ['created', 'pricing', 'processing', 'live', 'finished'],
};
const OPEN = new Set<AuctionStatus>(['created', 'pricing', 'processing', 'live']);
const DAY = 86_400_000;
const HOUR = 3_600_000;

interface AvailableShare {
  id: string;
  contract_number: string;
  credit_value: string | null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const brl = (n: number) => n.toFixed(2).replace('.', ',');

function buyers(rng: Random): Pick<AuctionConfig, 'fundIds' | 'playerIds'> {
  const enabled = PLAYERS.filter((p) => p.enabled).map((p) => p.id);
  // Fund Alfa (the demo fund user) is eligible on most auctions so that its list is not empty.
  const fundIds = rng.chance(0.75) ? (rng.chance(0.4) ? [1, 2] : [1]) : rng.chance(0.5) ? [2] : [];
  const playerIds = enabled.filter(() => rng.chance(0.3));
  if (fundIds.length + playerIds.length === 0) playerIds.push(rng.pick(enabled));
  return { fundIds, playerIds };
}

export async function insertAuctions(tx: Tx, now: Date, userIdByEmail: Map<string, string>): Promise<void> {
  const rng = new Random(20240602);
  const t0 = now.getTime();
  const admUser: Record<number, string | undefined> = {
    1: userIdByEmail.get('adm@acme.repasse.dev'),
    2: userIdByEmail.get('adm@orbita.repasse.dev'),
    3: userIdByEmail.get('adm@vertice.repasse.dev'),
  };
  const operator = userIdByEmail.get('operador@repasse.dev');

  const available = new Map<number, AvailableShare[]>();
  for (const adm of ADMINISTRATORS) {
    const rows = rowsOf<AvailableShare>(
      await tx.execute(
        sql`SELECT id, contract_number, credit_value::text AS credit_value FROM shares WHERE adm_id = ${adm.id} AND state = 'available' ORDER BY contract_number LIMIT 400`,
      ),
    );
    available.set(adm.id, rows);
  }
  const front = new Map<number, number>();
  const back = new Map<number, number>();

  const history: (typeof auctionStatusHistory.$inferInsert)[] = [];
  const runs: (typeof auctionPricing.$inferInsert)[] = [];
  const prices: (typeof auctionSharePrices.$inferInsert)[] = [];
  let n = 0;
  for (const status of Object.keys(AUCTION_PATHS) as AuctionStatus[]) {
    for (const adm of ADMINISTRATORS) {
      n++;
      const path = AUCTION_PATHS[status];
      let t = t0 - rng.int(20, 200) * DAY;
      const times = path.map((_, i) => new Date(i === 0 ? t : (t += rng.int(1, 4) * DAY + rng.int(0, 8) * HOUR)));
      const isAuction = rng.chance(0.7);
      const createdBy = rng.chance(0.6) ? admUser[adm.id] : operator;
      const id = rng.uuid();

      // Shares: open auctions from the front of the list without overlap, closed ones from the back.
      const list = available.get(adm.id)!;
      const want = Math.max(1, Math.min(rng.int(3, 8), Math.floor(list.length / OPEN.size)));
      let picked: AvailableShare[];
      if (OPEN.has(status)) {
        const from = front.get(adm.id) ?? 0;
        picked = list.slice(from, from + want);
        front.set(adm.id, from + picked.length);
      } else {
        const to = back.get(adm.id) ?? list.length;
        picked = list.slice(Math.max(0, to - want), to);
        back.set(adm.id, Math.max(0, to - want));
      }

      const windowFor = (): [number, number] => {
        const li = path.indexOf('live');
        if (status === 'finished') return [times[li].getTime(), times[path.length - 1].getTime()];
        if (status === 'live') return [times[li].getTime(), t0 + rng.int(2, 10) * DAY];
        if (status === 'canceled') return [times[1].getTime() + 7 * DAY, times[1].getTime() + 14 * DAY];
        const start = t0 + rng.int(5, 20) * DAY;
        return [start, start + rng.int(3, 10) * DAY];
      };
      const [startsAt, endsAt] = windowFor();
      const minimumPrice: AuctionConfig['minimumPrice'] = rng.chance(0.7) ? { kind: 'percent_of_credit', value: rng.int(50, 85) } : { kind: 'fixed', value: rng.int(5, 30) * 1000 };
      const unconfigured = status === 'created' && adm.id === 3;
      const config: Partial<AuctionConfig> = unconfigured
        ? {}
        : {
            name: `${isAuction ? 'Leilão' : 'Venda direta'} ${adm.prefix} ${String(n).padStart(3, '0')}`,
            startsAt: new Date(startsAt).toISOString(),
            endsAt: new Date(endsAt).toISOString(),
            contractNumbers: picked.map((s) => s.contract_number),
            ...buyers(rng),
            minimumPrice,
          };

      // Pricing runs: where the auction went past pricing, its latest run was processed; an auction
      // still pricing has a processed run (Acme: ready for the next step), a failed one (Órbita) or none.
      const runPlan: PricingStatus[] = [];
      if (path.includes('processing')) runPlan.push(...(rng.chance(0.4) ? (['validation_error', 'processed'] as const) : (['processed'] as const)));
      else if (status === 'canceled') runPlan.push('validation_error');
      else if (status === 'pricing' && adm.id !== 3) runPlan.push(adm.id === 1 ? 'processed' : 'validation_error');
      if (picked.length === 0) runPlan.length = 0;
      let runAt = times[1]?.getTime() ?? t0;
      for (const runStatus of runPlan) {
        runAt += rng.int(1, 6) * HOUR;
        const runId = rng.uuid();
        const minOf = (s: AvailableShare) => minimumPriceFor(minimumPrice, s.credit_value === null ? null : Number(s.credit_value)) ?? 1000;
        let rowErrors: PricingRowError[] = [];
        if (runStatus === 'validation_error') {
          const i = rng.int(0, picked.length - 1);
          rowErrors = [{ row: i + 2, code: 'priceBelowMinimum', value: brl(round2(minOf(picked[i]) / 2)) }];
        } else {
          for (const s of picked) prices.push({ pricingId: runId, shareId: s.id, auctionId: id, price: round2(minOf(s) * (1 + rng.float(0, 0.3))).toFixed(2) });
        }
        runs.push({
          id: runId,
          auctionId: id,
          fileId: null,
          status: runStatus,
          rows: picked.length,
          pricedRows: runStatus === 'processed' ? picked.length : 0,
          rowErrors,
          createdAt: new Date(runAt),
          updatedAt: new Date(runAt + rng.int(1, 20) * 60_000),
        });
      }
      const lastRun = runs.at(-1)?.auctionId === id ? (runs.at(-1)!.updatedAt as Date).getTime() : 0;
      const updatedAt = new Date(Math.max(times[times.length - 1].getTime(), lastRun));
      await tx.insert(auctions).values({ id, admId: adm.id, isAuction, status, config, createdBy, createdAt: times[0], updatedAt });
      path.forEach((to, i) => history.push({ auctionId: id, fromStatus: i === 0 ? null : path[i - 1], toStatus: to, userId: createdBy, at: times[i] }));
    }
  }
  await tx.insert(auctionStatusHistory).values(history);
  if (runs.length) await tx.insert(auctionPricing).values(runs);
  if (prices.length) await tx.insert(auctionSharePrices).values(prices);
}
