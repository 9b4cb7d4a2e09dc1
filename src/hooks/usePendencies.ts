/**
 * The pendencies of one share (issue 15) through Refine's data hooks (useApi): the list under the
 * share's record key, and each move as a write that refetches the share, its pendencies, its
 * history and the share lists (a cleared last pendency takes the share off /pendencias).
 */
import type { EndpointName, PendencyMove, PendencyMoveResult, PendencyRecord, ShareDetail } from '../domain';
import { FEATURE_FLAGS } from '../domain/featureFlags';
import { useApiWrite } from './useApi';
import { SHARE_LIST_RESOURCES, hasFieldErrors } from './useShareAction';
import { shareRecord, useShareList } from './useShareWorkspace';

/**
 * GET /share/pendency_list: the open pendencies and, when the flag displayOldPendencyHistory is on,
 * the cleared and cancelled ones too (oldest first).
 */
export const usePendencyList = (share: Pick<ShareDetail, 'shareId' | 'contractNumber'>) =>
  useShareList<PendencyRecord>(share.contractNumber, 'share.pendencyList', {
    shareId: share.shareId,
    ...(FEATURE_FLAGS.displayOldPendencyHistory ? { includeClosed: true } : {}),
  });

/** The call of each move a user makes on a pendency (`cancel` is the share's "Cancelar venda"). */
export const PENDENCY_ENDPOINTS: Record<Exclude<PendencyMove, 'cancel'>, EndpointName> = {
  open: 'share.pendencyOpen',
  add_ticket: 'share.pendencyAddTicket',
  register_payment: 'share.pendencyRegisterPayment',
  clear: 'share.pendencyClear',
};

export type PendencyFormMove = keyof typeof PENDENCY_ENDPOINTS;

/**
 * One pendency move: POST, toast, then the share's workspace and the lists refetch before the
 * promise settles, so the dialog closes on the share as it is now. A refusal that names its fields
 * is shown on them by the form (no toast); any other refusal is toasted in Portuguese, and a 409
 * refetches the share (someone else moved it). An Idempotency-Key makes a double click or a retry one move.
 */
export const usePendencyMove = (move: PendencyFormMove, contractNumber: string) =>
  useApiWrite<PendencyMoveResult>({
    endpoint: PENDENCY_ENDPOINTS[move],
    success: `workspace.pendencies.done.${move}`,
    ...shareRecord(contractNumber),
    lists: SHARE_LIST_RESOURCES,
    silentErrors: hasFieldErrors,
    refetchOnConflict: true,
    idempotent: true,
  });
