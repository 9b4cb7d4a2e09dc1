import type { AuctionItem } from '../../domain';

/**
 * The storage flow's `admSlug` for an auction's files: `adm-<admId>`, which the server resolves to
 * the administrator whatever its brand; `repasse` (a platform file) for an auction without one.
 */
export const auctionAdmSlug = (auction: Pick<AuctionItem, 'admId'>): string => (auction.admId ? `adm-${auction.admId}` : 'repasse');
