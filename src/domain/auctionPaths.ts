/** An auction opens at /leiloes/:auctionId. Kept apart so the list links here without loading the wizard (shared by the list definition, the pages and the tab title). */
export const AUCTIONS_ROUTE = '/leiloes';
export const AUCTION_ROUTE = `${AUCTIONS_ROUTE}/:auctionId`;
export const auctionPath = (auctionId: string): string => `${AUCTIONS_ROUTE}/${encodeURIComponent(auctionId)}`;
