/**
 * The share workspace contract (`/cotas/:contractNumber`): the shapes the API answers and the web app
 * reads. One definition for both sides; the server's route schemas describe the same fields.
 */
import type { Address, Bank, Company, CoPerson, Person } from './completeness';
import type { DocumentType, OwnerRole, PaymentType } from './enums';
import type { ShareListItem } from './shareList';
import type { ShareMove, ShareState } from './shareStates';

export interface ProcessHistoryEntry {
  step: number;
  state: string;
  at: string;
}

/** GET /share/get */
export interface ShareDetail extends ShareListItem {
  stateFlags: Record<ShareState, boolean>;
  previousState: ShareState | null;
  groupCode: string | null;
  quotaCode: string | null;
  creditValue: number | null;
  /** Bumped by every move; a client may send it back to refuse acting on a stale view. */
  version: number;
  transferResponsible: { userId: string; name: string } | null;
  history: ProcessHistoryEntry[];
}

/** A stored file as the API shows it. `filePath` is what POST /storage/generate_link takes. */
export interface FileRef {
  fileId: string;
  fileName: string;
  filePath: string;
  size: number | null;
  contentType: string | null;
  documentType: DocumentType | null;
  uploadedAt: string;
}

/** POST /share/get_history → { data: ShareHistoryEntry[] }, oldest first. */
export interface ShareHistoryEntry {
  id: number;
  action: ShareMove | string;
  fromState: ShareState | null;
  toState: ShareState | null;
  user: { userId: string; name: string } | null;
  at: string;
  files: FileRef[];
  note: string | null;
}

/** Signers: 1 is the first signer (Person), 2 the second (co-person). */
export type SignerOrder = 1 | 2;

/** GET /person/list → { data: PersonRecord[] } (documents only when withDocuments). */
export interface PersonRecord extends Person {
  personId: string;
  signer: SignerOrder;
  ownerRole: OwnerRole;
  documents?: FileRef[];
}

/** POST /person/save { shareId, person }: the first signer carries every Person field; the second the CoPerson ones. */
export type PersonInput = (Person | CoPerson) & { signer: SignerOrder; personId?: string; ownerRole?: OwnerRole; address?: Address | null };

/** GET /share/signers_status → one entry per signer present. */
export interface SignerStatus {
  signer: SignerOrder;
  name: string | null;
  basicDataFilled: boolean;
  complete: boolean;
  signed: boolean;
  signedAt: string | null;
}

/** GET /company/get (PJ shares; a PF share answers 404 Company not found). */
export interface CompanyRecord extends Company {
  shareId: string;
  documents?: FileRef[];
}

/** GET /bank/list → { data: BankRecord[] }; POST /bank/save { shareId, bank, select }. */
export interface BankRecord extends Bank {
  bankId: string;
  selected: boolean;
}

/** GET /bank/list_brazilian_banks ?q → { data: BrazilianBank[] } */
export interface BrazilianBank {
  code: string;
  /** The legal name, as Banco Central lists it ("NU PAGAMENTOS S.A. - INSTITUIÇÃO DE PAGAMENTO"). */
  name: string;
  ispb: string | null;
  /** The name people know the bank by ("Nubank"), when it is not already in the legal name. */
  commercialName?: string;
}

/** GET /proposal/list → { data: Proposal[] }; GET /proposal/selected_get → Proposal. */
export interface Proposal {
  proposalId: string;
  shareId: string;
  playerId: number | null;
  playerName: string | null;
  fundId: number | null;
  fundName: string | null;
  price: string;
  /** Extra prices when the administrator allows multiple prices (SPEC §6). */
  prices: { label: string; price: string }[];
  paymentType: PaymentType;
  status: 'open' | 'selected' | 'released' | 'accepted' | 'rejected';
  selected: boolean;
  createdAt: string;
  updatedAt: string;
}

/** GET /proposal/transfer_information ?proposalId */
export interface TransferInformation {
  proposalId: string;
  transferFee: string;
  dueDate: string | null;
  buyer: { name: string; document: string } | null;
  billetLine: string | null;
}

/** GET /proposal/payment_information ?proposalId */
export interface PaymentInformation {
  proposalId: string;
  paymentType: PaymentType;
  amount: string;
  installments: number;
  paidDate: string | null;
  proof: FileRef | null;
}

/** GET /share/cancellation_history ?shareId → { data: CancellationEntry[] }, newest first. */
export interface CancellationEntry {
  id: string;
  reasonId: string;
  reason: string;
  detail: string | null;
  fromState: ShareState;
  user: { userId: string; name: string } | null;
  at: string;
}

/** The checks of the risk report, as the API names them; the app shows each by its Portuguese name (workspace.risk.sources). */
export const RISK_SOURCES = ['cpf_status', 'sanctions_list', 'address_match', 'face_match'] as const;
export type RiskSource = (typeof RISK_SOURCES)[number];
export const isRiskSource = (v: string): v is RiskSource => (RISK_SOURCES as readonly string[]).includes(v);

/** GET /idwall/get_report ?shareId: deterministic from the share's people (no outside call). */
export interface RiskReport {
  shareId: string;
  result: 'approved' | 'review' | 'rejected';
  generatedAt: string;
  sources: { source: string; result: 'approved' | 'review' | 'rejected'; detail: string }[];
}

/** Storage flow (DESIGN §2). */
export interface UploadInitializeRequest {
  fileName: string;
  totalParts: number;
  admSlug: string;
  /** Optional extras the reference server checks: whole size and type. */
  size?: number;
  contentType?: string;
}
export interface UploadInitializeResponse {
  fileId: string;
  fileKey: string;
  /** Signed, expiring URLs; PUT each part's bytes with header `x-content-sha256` (hex). */
  parts: { partNumber: number; url: string }[];
  expiresAt: string;
  partSize: number;
}
/** POST /storage/generate_link { filePath } */
export interface GeneratedLink {
  url: string;
  expiresAt: string;
}

/** The answer of every action: the share as it is after the move. Bulk actions answer per share. */
export interface ActionResult {
  share: ShareDetail;
}
export interface BulkActionResult {
  results: { shareId: string; ok: boolean; state?: ShareState; message?: string }[];
}

export const STORAGE_LIMITS = {
  /** Largest file accepted (413 beyond it). */
  maxFileBytes: 25 * 1024 * 1024,
  partBytes: 5 * 1024 * 1024,
  maxParts: 10,
  allowedContentTypes: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp', 'application/zip', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  /** Signed part and download links live this long. */
  linkTtlSeconds: 300,
} as const;

/** File extensions accepted and the content type each one stands for (server check, client picker). */
export const EXTENSION_CONTENT_TYPES: Record<string, (typeof STORAGE_LIMITS.allowedContentTypes)[number]> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  zip: 'application/zip',
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
