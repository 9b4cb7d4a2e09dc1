/** Helpers of the auction API tests: calls with a user's token, free shares, a valid configuration. */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { AuctionConfig, AuctionInfo } from '../../src/domain/auctions';
import type { AuctionStatus } from '../../src/domain/enums';
import type { TestApp } from './support/app';
import { expectOk } from './support/expect';

export async function call(t: TestApp, method: 'GET' | 'POST', url: string, as: string | null, payload?: object): Promise<LightMyRequestResponse> {
  const headers = as ? { authorization: `Bearer ${await t.token(as)}` } : {};
  return t.inject({ method, url: `/api/auction${url}`, headers, ...(payload ? { payload } : {}) });
}
export const apost = (t: TestApp, url: string, as: string | null, payload: object) => call(t, 'POST', url, as, payload);
export const aget = (t: TestApp, url: string, as: string | null) => call(t, 'GET', url, as);

/** Available shares of the administrator that no open auction offers yet, skipping `taken`. */
export async function freeShares(t: TestApp, admId: number, n: number, taken: Set<string> = new Set()): Promise<{ id: string; contract_number: string }[]> {
  const rows = await t.query<{ id: string; contract_number: string }>(sql`
    select s.id, s.contract_number from shares s
    where s.adm_id = ${admId} and s.state = 'available'
      and not exists (select 1 from auctions a where a.status in ('created', 'pricing', 'processing', 'live') and a.config -> 'contractNumbers' ? s.contract_number)
    order by s.contract_number desc`);
  const free = rows.filter((r) => !taken.has(r.contract_number)).slice(0, n);
  if (free.length < n) throw new Error(`only ${free.length} free shares of administrator ${admId}`);
  for (const r of free) taken.add(r.contract_number);
  return free;
}

export const validConfig = (contractNumbers: string[], over: Partial<AuctionConfig> = {}): AuctionConfig => ({
  name: 'Leilão de teste',
  startsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
  endsAt: new Date(Date.now() + 9 * 86_400_000).toISOString(),
  contractNumbers,
  fundIds: [1],
  playerIds: [5],
  minimumPrice: { kind: 'fixed', value: 1000 },
  ...over,
});

export async function createAuction(t: TestApp, as: string, body: object = { isAuction: true }): Promise<AuctionInfo> {
  return expectOk<AuctionInfo>(await apost(t, '/create', as, body));
}

/** A configured auction moved up to `status` through the API (pricing is skipped by a processed run). */
export async function auctionAt(t: TestApp, as: string, admId: number, status: AuctionStatus, taken?: Set<string>): Promise<AuctionInfo> {
  const shares = await freeShares(t, admId, 2, taken);
  let info = await createAuction(t, as, { isAuction: true, admId });
  info = expectOk<AuctionInfo>(await apost(t, '/save_config', as, { auctionId: info.auctionId, config: validConfig(shares.map((s) => s.contract_number)) }));
  const path: AuctionStatus[] = ['created', 'pricing', 'processing', 'live', 'finished'];
  while (info.status !== status) {
    if (status === 'canceled') {
      info = expectOk<AuctionInfo>(await apost(t, '/cancel', as, { auctionId: info.auctionId }));
      break;
    }
    if (info.status === 'pricing') {
      await t.query(sql`insert into auction_pricing (auction_id, status, rows, priced_rows) values (${info.auctionId}, 'processed', 2, 2)`);
    }
    info = expectOk<AuctionInfo>(await apost(t, '/next_step', as, { auctionId: info.auctionId }));
    expect(path.indexOf(info.status)).toBeLessThanOrEqual(path.indexOf(status));
  }
  return info;
}
