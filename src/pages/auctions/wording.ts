import { formatMoney, type AuctionConfig } from '../../domain';

/**
 * The i18next context of a sale's messages: a direct sale reads "venda direta" where an auction
 * reads "leilão" (keys `…_directSale`; a key without one falls back to the auction's wording).
 */
export const saleContext = (isAuction: boolean): { context?: 'directSale' } => (isAuction ? {} : { context: 'directSale' });

/** The minimum price as the user set it: "R$ 1.000,00" or "70% do crédito". */
export const minimumText = (min: AuctionConfig['minimumPrice'], percentSuffix: string): string =>
  min.kind === 'fixed' ? formatMoney(min.value) : `${min.value.toLocaleString('pt-BR')}${percentSuffix}`;

/** A file's size in megabytes as pt-BR writes it ("20,3 MB"), for the limits the pickers state. */
export const megabytes = (bytes: number): string => `${(bytes / (1024 * 1024)).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
