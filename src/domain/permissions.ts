/**
 * The one permission matrix (DESIGN §4). The app's accessControlProvider and the server's route
 * guard both read it; the server is the one that enforces it. A token's `deniedPermissions` (names
 * from PERMISSIONS) remove permissions from what the profile grants.
 */
import { API, type Endpoint } from './apiPaths';
import type { Profile } from './profiles';

const ALL: readonly Profile[] = ['operator', 'adm', 'fund'];
const STAFF: readonly Profile[] = ['operator', 'adm'];
const OPERATOR: readonly Profile[] = ['operator'];

export const PERMISSIONS = {
  'share.list': ALL,
  'share.read': ALL,
  'share.transfer_list': ALL,
  'share.canceled_list': STAFF,
  'share.history': ALL,
  'share.start_sale': OPERATOR,
  'share.send_autoservice': OPERATOR,
  'share.set_transfer': STAFF,
  'share.set_paid': STAFF,
  'share.cancel_sale': STAFF,
  'share.release_proposals': STAFF,
  'share.transfer_in_bulk': OPERATOR,
  'share.proof_attach': STAFF,
  'share.transfer_responsible': OPERATOR,
  // Pendencies (issue 15): anyone who reads the share reads its pendencies; staff open, bill, record
  // payments and clear them, an administrator on its own shares only (tenant scoping).
  'pendency.read': ALL,
  'pendency.open': STAFF,
  'pendency.add_ticket': STAFF,
  'pendency.register_payment': STAFF,
  'pendency.clear': STAFF,
  'person.read': ALL,
  'person.write': STAFF,
  'company.read': ALL,
  'company.write': STAFF,
  'bank.read': STAFF,
  'bank.write': STAFF,
  'proposal.read': ALL,
  'proposal.select': ALL,
  'proposal.edit_price': STAFF,
  'document.read': ALL,
  'document.upload': ALL,
  'risk_report.read': STAFF,
  'auction.read': ALL,
  'auction.write': STAFF,
  // The seller's side of an auction: its pricing runs (file names, rows refused and the amounts read)
  // and the price each share got. A fund reads the auction's terms, files and history, not these (issue 13).
  'auction.pricing_read': STAFF,
  'player.list': OPERATOR,
  'player.files': OPERATOR,
  'fund.list': STAFF,
  // Administrators list and manage their own brand's users only (server/services/userAdmin.ts).
  'user.list': STAFF,
  'user.manage': STAFF,
  'administrator.manage': OPERATOR,
  'fund.manage': OPERATOR,
  'player.manage': OPERATOR,
  // The reasons a sale is cancelled with (issue 16): platform-wide reference data, like funds.
  'cancel_reason.manage': OPERATOR,
  'config.read': ALL,
  // Saved views and the columns a list hides (issue 18): every profile keeps its own, per list it may open.
  'view.own': ALL,
  // The home page's figures (issue 18), each of the user's own shares and auctions.
  'dashboard.read': ALL,
  // The audit trail (issue 18): an operator reads every entry, an administrator its own brand's
  // (server/services/auditList.ts); a fund none.
  'audit.read': STAFF,
} as const satisfies Record<string, readonly Profile[]>;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/** Own keys only: `in` would also accept inherited names such as "toString" or "constructor". */
export const isPermission = (v: unknown): v is Permission => typeof v === 'string' && Object.hasOwn(PERMISSIONS, v);

export interface Grantee {
  profile: Profile | null;
  deniedPermissions?: readonly string[] | null;
}

/** An unknown permission name (from an untyped caller) is refused rather than throwing. */
export const can = (who: Grantee, permission: Permission): boolean =>
  who.profile !== null &&
  isPermission(permission) &&
  (PERMISSIONS[permission] as readonly Profile[]).includes(who.profile) &&
  !(who.deniedPermissions ?? []).includes(permission);

/**
 * History entries that speak of one buyer's proposal or of the seller's bank account, and the
 * permission that reads them (issue 13). A fund sees only its own proposals and never the bank: an
 * entry cannot say whose proposal it was about, so price edits and selections are read by those who
 * manage every buyer's prices, and bank edits by those who read the bank. Every other entry (the
 * moves of the share, signers, company, documents) is read with `share.history`. The server filters
 * POST /share/get_history with it.
 */
export const HISTORY_ENTRY_PERMISSIONS: Readonly<Record<string, Permission>> = {
  proposal_edit_price: 'proposal.edit_price',
  proposal_select: 'proposal.edit_price',
  bank_save: 'bank.read',
};

export const canReadHistoryEntry = (who: Grantee, action: string): boolean => {
  const permission = Object.hasOwn(HISTORY_ENTRY_PERMISSIONS, action) ? HISTORY_ENTRY_PERMISSIONS[action] : null;
  return permission === null || can(who, permission);
};

/**
 * The permission each authenticated call needs. Calls absent here (login, white label, health and
 * the account flows that run before a session exists) need none.
 */
export const ENDPOINT_PERMISSIONS = new Map<Endpoint, Permission>([
  [API.user.list, 'user.list'],
  [API.bank.list, 'bank.read'],
  [API.bank.listBrazilianBanks, 'bank.read'],
  [API.bank.save, 'bank.write'],
  [API.auction.create, 'auction.write'],
  [API.auction.nextStep, 'auction.write'],
  [API.auction.cancel, 'auction.write'],
  [API.auction.removeFile, 'auction.write'],
  [API.auction.addFile, 'auction.write'],
  [API.auction.saveConfig, 'auction.write'],
  [API.auction.info, 'auction.read'],
  [API.auction.statusHistory, 'auction.read'],
  [API.auction.pricingList, 'auction.pricing_read'],
  [API.auction.shareResults, 'auction.pricing_read'],
  [API.auction.pricingRetry, 'auction.write'],
  [API.auction.list, 'auction.read'],
  [API.auction.listAdditionalFiles, 'auction.read'],
  [API.storage.uploadInitialize, 'document.upload'],
  [API.storage.uploadFinalize, 'document.upload'],
  [API.storage.generateLink, 'document.read'],
  [API.share.get, 'share.read'],
  [API.share.statusGet, 'share.read'],
  [API.share.list, 'share.list'],
  [API.share.canceledList, 'share.canceled_list'],
  [API.share.canceledReasonList, 'share.read'],
  [API.share.administratorOptions, 'share.list'],
  [API.share.transferList, 'share.transfer_list'],
  [API.share.stateCounts, 'share.list'],
  [API.share.transferResponsibleSave, 'share.transfer_responsible'],
  [API.share.cancellationHistory, 'share.history'],
  [API.share.signersStatus, 'share.read'],
  [API.share.getHistory, 'share.history'],
  [API.share.withPendencyList, 'share.list'],
  [API.share.pendencyList, 'pendency.read'],
  [API.share.pendencyOpen, 'pendency.open'],
  [API.share.pendencyAddTicket, 'pendency.add_ticket'],
  [API.share.pendencyRegisterPayment, 'pendency.register_payment'],
  [API.share.pendencyClear, 'pendency.clear'],
  [API.idwall.getReport, 'risk_report.read'],
  [API.person.list, 'person.read'],
  [API.person.save, 'person.write'],
  [API.person.delete, 'person.write'],
  [API.company.get, 'company.read'],
  [API.company.save, 'company.write'],
  [API.actions.startSale, 'share.start_sale'],
  [API.actions.setPaid, 'share.set_paid'],
  [API.actions.cancelSale, 'share.cancel_sale'],
  [API.actions.setTransfer, 'share.set_transfer'],
  [API.actions.transferInBulk, 'share.transfer_in_bulk'],
  [API.actions.shareSendAutoservice, 'share.send_autoservice'],
  [API.actions.releaseProposals, 'share.release_proposals'],
  [API.actions.proofAttach, 'share.proof_attach'],
  [API.proposal.list, 'proposal.read'],
  [API.proposal.selectedGet, 'proposal.read'],
  [API.proposal.select, 'proposal.select'],
  [API.proposal.transferInformation, 'proposal.read'],
  [API.proposal.contractFiles, 'proposal.read'],
  [API.proposal.editPrice, 'proposal.edit_price'],
  [API.proposal.paymentInformation, 'proposal.read'],
  [API.config.admConfigGet, 'config.read'],
  [API.player.list, 'player.list'],
  [API.player.listFiles, 'player.files'],
  [API.player.listFileTypes, 'player.files'],
  [API.player.sendPlayerFile, 'player.files'],
  [API.fund.list, 'fund.list'],
  [API.user.get, 'user.list'],
  [API.user.create, 'user.manage'],
  [API.user.update, 'user.manage'],
  [API.user.disable, 'user.manage'],
  [API.user.enable, 'user.manage'],
  [API.user.sendReset, 'user.manage'],
  [API.administrator.list, 'administrator.manage'],
  [API.administrator.get, 'administrator.manage'],
  [API.administrator.create, 'administrator.manage'],
  [API.administrator.update, 'administrator.manage'],
  [API.fund.get, 'fund.manage'],
  [API.fund.create, 'fund.manage'],
  [API.fund.update, 'fund.manage'],
  [API.fund.disable, 'fund.manage'],
  [API.fund.enable, 'fund.manage'],
  [API.player.get, 'player.manage'],
  [API.player.create, 'player.manage'],
  [API.player.update, 'player.manage'],
  [API.player.disable, 'player.manage'],
  [API.player.enable, 'player.manage'],
  [API.cancelReason.list, 'cancel_reason.manage'],
  [API.cancelReason.get, 'cancel_reason.manage'],
  [API.cancelReason.create, 'cancel_reason.manage'],
  [API.cancelReason.update, 'cancel_reason.manage'],
  [API.cancelReason.disable, 'cancel_reason.manage'],
  [API.cancelReason.enable, 'cancel_reason.manage'],
  // Issue 18: whoever may read a list may export it; an export is the list, every page of it.
  [API.share.listExport, 'share.list'],
  [API.share.transferListExport, 'share.transfer_list'],
  [API.share.canceledListExport, 'share.canceled_list'],
  [API.share.withPendencyListExport, 'share.list'],
  [API.auction.listExport, 'auction.read'],
  [API.auction.shareResultsExport, 'auction.pricing_read'],
  [API.user.listExport, 'user.list'],
  [API.fund.listExport, 'fund.list'],
  [API.player.listExport, 'player.list'],
  [API.player.listFilesExport, 'player.files'],
  [API.administrator.listExport, 'administrator.manage'],
  [API.view.list, 'view.own'],
  [API.view.get, 'view.own'],
  [API.view.create, 'view.own'],
  [API.view.update, 'view.own'],
  [API.view.delete, 'view.own'],
  [API.view.columnsList, 'view.own'],
  [API.view.columnsSave, 'view.own'],
  [API.dashboard.summary, 'dashboard.read'],
  [API.audit.list, 'audit.read'],
  [API.audit.userOptions, 'audit.read'],
  // Live updates speak of shares: whoever may list them may hear of their changes (issue 18).
  [API.live.events, 'share.list'],
]);
