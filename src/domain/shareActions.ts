/**
 * The user actions of SPEC §4/§7 and when each may be offered: the workflow allows the move, the
 * permission matrix allows it, its feature flag is on and the token does not deny it. The app shows
 * a button only when `actionAvailable` says so; the server refuses with the same rule (403 for the
 * permission, 409 for the workflow).
 */
import { type FeatureFlag, FEATURE_FLAGS } from './featureFlags';
import { type Grantee, type Permission, can } from './permissions';
import { type ShareMove, type ShareState, canMove } from './shareStates';

export const SHARE_ACTIONS = [
  'start_sale',
  'share_send_autoservice',
  'set_transfer',
  'set_paid',
  'cancel_sale',
  'release_proposals',
  'transfer_in_bulk',
  'proof_attach',
] as const;
export type ShareAction = (typeof SHARE_ACTIONS)[number];

interface ActionRule {
  permission: Permission;
  /** The workflow move it makes; null for actions that move no state (attaching a proof). */
  move: ShareMove | null;
  flag?: FeatureFlag;
  /** Asks for confirmation before it runs. */
  destructive?: boolean;
}

export const ACTION_RULES: Record<ShareAction, ActionRule> = {
  start_sale: { permission: 'share.start_sale', move: 'start_sale', flag: 'startSale' },
  share_send_autoservice: { permission: 'share.send_autoservice', move: 'share_send_autoservice' },
  set_transfer: { permission: 'share.set_transfer', move: 'set_transfer' },
  set_paid: { permission: 'share.set_paid', move: 'set_paid' },
  cancel_sale: { permission: 'share.cancel_sale', move: 'cancel_sale', destructive: true },
  release_proposals: { permission: 'share.release_proposals', move: 'release_proposals', flag: 'releaseProposals', destructive: true },
  transfer_in_bulk: { permission: 'share.transfer_in_bulk', move: 'set_transfer' },
  proof_attach: { permission: 'share.proof_attach', move: null },
};

export const actionAvailable = (
  action: ShareAction,
  state: ShareState,
  who: Grantee,
  flags: Record<FeatureFlag, boolean> = FEATURE_FLAGS,
): boolean => {
  const rule = ACTION_RULES[action];
  if (rule.flag && !flags[rule.flag]) return false;
  if (!can(who, rule.permission)) return false;
  return rule.move === null || canMove(rule.move, state);
};

export const availableActions = (state: ShareState, who: Grantee, flags?: Record<FeatureFlag, boolean>): ShareAction[] =>
  SHARE_ACTIONS.filter((a) => actionAvailable(a, state, who, flags));
