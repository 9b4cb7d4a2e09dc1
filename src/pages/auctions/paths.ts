/** An auction opens at /leiloes/:auctionId. Kept apart so the list links here without loading the wizard. */
export const AUCTIONS_ROUTE = '/leiloes';
export const AUCTION_ROUTE = `${AUCTIONS_ROUTE}/:auctionId`;
export const auctionPath = (auctionId: string): string => `${AUCTIONS_ROUTE}/${encodeURIComponent(auctionId)}`;

/** The query of GET /auction/info for one auction: the page fetches it, the tab's title reads it. */
export const auctionKey = (auctionId: string) => ['auction', auctionId] as const;
export const auctionInfoKey = (auctionId: string) => [...auctionKey(auctionId), 'info'] as const;
