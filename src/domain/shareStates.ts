/**
 * Share states (SPEC §4) and the one workflow table (DESIGN §4). The server enforces it and the app
 * reads it to offer only the moves that are possible now. Drawn in docs/workflow.md.
 */
export const SHARE_STATES = [
  'available',
  'sent_to_autoservice',
  'accepted_by_client',
  'received_from_client',
  'approved_by_adm',
  'payment_done',
  'with_pendency',
] as const;
export type ShareState = (typeof SHARE_STATES)[number];

export const isShareState = (v: unknown): v is ShareState => typeof v === 'string' && (SHARE_STATES as readonly string[]).includes(v);

/** States in which a sale is under way: a pendency can be raised and the sale can be cancelled. */
export const OPEN_SALE_STATES: readonly ShareState[] = [
  'sent_to_autoservice',
  'accepted_by_client',
  'received_from_client',
  'approved_by_adm',
];

/**
 * Moves. The first six are the user actions of SPEC §4; the rest are moves made by the client's
 * side of the platform (autoservice) or by the pendency flow, kept here so that every state change
 * has one rule.
 */
export const SHARE_MOVES = [
  'start_sale',
  'share_send_autoservice',
  'set_transfer',
  'set_paid',
  'cancel_sale',
  'release_proposals',
  'client_accept',
  'contract_received',
  'raise_pendency',
  'clear_pendency',
] as const;
export type ShareMove = (typeof SHARE_MOVES)[number];

interface Transition {
  from: readonly ShareState[];
  /** 'previous' returns to the state the share had before the pendency; 'same' keeps the state. */
  to: ShareState | 'previous' | 'same';
}

export const SHARE_WORKFLOW: Record<ShareMove, Transition> = {
  start_sale: { from: ['available'], to: 'accepted_by_client' },
  share_send_autoservice: { from: ['available'], to: 'sent_to_autoservice' },
  client_accept: { from: ['sent_to_autoservice'], to: 'accepted_by_client' },
  contract_received: { from: ['accepted_by_client'], to: 'received_from_client' },
  set_transfer: { from: ['received_from_client'], to: 'approved_by_adm' },
  set_paid: { from: ['approved_by_adm'], to: 'payment_done' },
  cancel_sale: { from: [...OPEN_SALE_STATES, 'with_pendency'], to: 'available' },
  release_proposals: { from: ['available'], to: 'same' },
  raise_pendency: { from: OPEN_SALE_STATES, to: 'with_pendency' },
  clear_pendency: { from: ['with_pendency'], to: 'previous' },
};

export const canMove = (move: ShareMove, state: ShareState): boolean => SHARE_WORKFLOW[move].from.includes(state);

/**
 * The state after a move, or null when the workflow forbids it. Clearing a pendency returns to the
 * state before it, which must be one of the open-sale states a pendency can be raised from; any
 * other value (missing, with_pendency, a state a pendency never comes from, or a string that is not
 * a share state at all) gives null, so a move can never produce a state outside SHARE_STATES.
 */
export const nextState = (move: ShareMove, state: ShareState, previous?: ShareState | null): ShareState | null => {
  if (!canMove(move, state)) return null;
  const { to } = SHARE_WORKFLOW[move];
  if (to === 'same') return state;
  if (to === 'previous') return previous && OPEN_SALE_STATES.includes(previous) ? previous : null;
  return to;
};

export const movesFrom = (state: ShareState): ShareMove[] => SHARE_MOVES.filter((m) => canMove(m, state));

/** SPEC §4: exactly one state flag is true at a time. */
export const stateFlags = (state: ShareState): Readonly<Record<ShareState, boolean>> => STATE_FLAGS[state];
// Built once per state: every share detail the API answers carries one (issue 17).
const STATE_FLAGS = Object.fromEntries(
  SHARE_STATES.map((state) => [state, Object.freeze(Object.fromEntries(SHARE_STATES.map((s) => [s, s === state])) as Record<ShareState, boolean>)]),
) as Record<ShareState, Readonly<Record<ShareState, boolean>>>;

/** The list routes a share in a state belongs to (DESIGN §4). */
export const TRANSFER_LIST_STATES: readonly ShareState[] = ['received_from_client', 'approved_by_adm'];
export const PENDENCY_LIST_STATES: readonly ShareState[] = ['with_pendency'];
