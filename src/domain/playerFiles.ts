/**
 * Files sent to players (SPEC §7 Players and funds). The types are a fixed table: the API answers
 * the codes (GET /player/list_file_types) and the app shows each as `playerFiles.types.<code>`.
 */
import type { FileRef } from './workspace';

export const PLAYER_FILE_TYPES = [
  'SHARE_PORTFOLIO',
  'AUCTION_NOTICE',
  'PRICING_SPREADSHEET',
  'CONTRACT',
  'STATEMENT',
  'INVOICE',
  'REPORT',
  'OTHER',
] as const;

export type PlayerFileType = (typeof PLAYER_FILE_TYPES)[number];

/** English descriptions for API clients; the interface reads its own pt-BR labels. */
export const PLAYER_FILE_TYPE_DESCRIPTIONS: Readonly<Record<PlayerFileType, string>> = {
  SHARE_PORTFOLIO: 'Portfolio of shares on offer',
  AUCTION_NOTICE: 'Auction notice',
  PRICING_SPREADSHEET: 'Pricing spreadsheet',
  CONTRACT: 'Contract',
  STATEMENT: 'Statement',
  INVOICE: 'Invoice',
  REPORT: 'Report',
  OTHER: 'Other',
};

export const isPlayerFileType = (v: unknown): v is PlayerFileType => typeof v === 'string' && (PLAYER_FILE_TYPES as readonly string[]).includes(v);

/** i18n key of a type's label. */
export const playerFileTypeKey = (type: string): string => `playerFiles.types.${type}`;

/** GET /player/list_file_types → ListResponse<PlayerFileTypeItem>, in table order. */
export interface PlayerFileTypeItem {
  fileType: PlayerFileType;
  description: string;
}

interface PlayerRef {
  playerId: number;
  name: string;
}

/** GET /player/list_files → ListResponse<PlayerFileItem>, newest first. */
export interface PlayerFileItem {
  playerFileId: string;
  fileId: string;
  fileName: string;
  /** What POST /storage/generate_link takes. */
  filePath: string;
  fileType: PlayerFileType;
  players: PlayerRef[];
  sentBy: string | null;
  sentAt: string;
}


export interface SendPlayerFileResponse extends PlayerFileItem {
  file: FileRef;
}
