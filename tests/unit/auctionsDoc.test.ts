/** docs/auctions.md draws the status machine of src/domain/auctions.ts: every move, and no other. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AUCTION_NEXT, canCancelAuction } from '../../src/domain/auctions';
import { AUCTION_STATUSES } from '../../src/domain/enums';

const doc = readFileSync(new URL('../../docs/auctions.md', import.meta.url), 'utf8');
const mermaid = /```mermaid\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
const drawn = mermaid
  .split('\n')
  .map((l) => /^\s*(\w+) --> (\w+): (\w+)/.exec(l))
  .filter((m) => m !== null)
  .map((m) => `${m[1]} -${m[3]}-> ${m[2]}`)
  .sort();

describe('docs/auctions.md', () => {
  it('draws exactly the moves of AUCTION_NEXT and cancel', () => {
    const table = [
      ...AUCTION_STATUSES.flatMap((s) => (AUCTION_NEXT[s] ? [`${s} -next_step-> ${AUCTION_NEXT[s]}`] : [])),
      ...AUCTION_STATUSES.filter(canCancelAuction).map((s) => `${s} -cancel-> canceled`),
    ].sort();
    expect(drawn.filter((d) => !d.startsWith('[*]'))).toEqual(table);
  });
});
