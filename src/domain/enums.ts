/** The enumerations of SPEC §3, verbatim. */
/** `failed` is Repasse's own, past SPEC §3: a run whose background job ran out of retries (docs/auctions.md). */
export const PRICING_STATUSES = ['in_validation', 'validation_ok', 'validation_error', 'in_processing', 'processed', 'failed'] as const;
export type PricingStatus = (typeof PRICING_STATUSES)[number];

export const OWNER_ROLES = ['owner', 'partner'] as const;
export type OwnerRole = (typeof OWNER_ROLES)[number];

export const AUCTION_STATUSES = ['created', 'pricing', 'canceled', 'processing', 'live', 'finished'] as const;
export type AuctionStatus = (typeof AUCTION_STATUSES)[number];

export const DOCUMENT_TYPES = [
  'TRANSFER_INVOICE', 'LATE_INVOICE', 'SIGNED_CONTRACT', 'TRANSFER_RECEIPT', 'CNH', 'RG_WITH_CPF',
  'RNE_WITH_CPF', 'PROOF_OF_ADDRESS', 'COMPANY_CONTRACT', 'CNPJ_CARD', 'PAYMENT_PROOF', 'TRANSFER_FEE',
  'SELFIE_WITH_DOCUMENT', 'DECLARATION_OF_RESIDENCE', 'CONTRACT_SUMMARY', 'TERM_OF_ASSIGNMENT_ADM',
  'COMPANY_CONTRACT_PDF', 'ALL_DOCUMENTS_ZIP', 'CIN',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The first value is spelled "fines" as SPEC §3 gives it. */
export const PAYMENT_TYPES = ['payment_fines_and_interest', 'payment_in_full', 'split_in_installments', 'payment_post_award'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const TICKET_KINDS = [
  'REACTIVATION_FIRST_INSTALLMENT', 'REACTIVATION_FINES_AND_INTERESTS_TICKET', 'RETENTION_FIRST_INSTALLMENT',
  'RETENTION_FINES_AND_INTERESTS_TICKET', 'zip_payment_ticket',
] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];
