import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  OPEN_SALE_STATES,
  SHARE_MOVES,
  SHARE_STATES,
  SHARE_WORKFLOW,
  canMove,
  isShareState,
  movesFrom,
  nextState,
  stateFlags,
  type ShareMove,
  type ShareState,
} from '../../src/domain/shareStates';
import { workflowMermaid } from '../../src/domain/workflowDiagram';
import { ptBR } from '../../src/i18n/pt-BR';

const OPEN: ShareState[] = ['sent_to_autoservice', 'accepted_by_client', 'received_from_client', 'approved_by_adm'];

/**
 * The workflow spelled out by hand (DESIGN §4): for each move, the states it may start from and the
 * state it leads to. 'same' keeps the state; 'previous' returns to the state before the pendency.
 */
const EXPECTED: Record<ShareMove, { from: ShareState[]; to: ShareState | 'same' | 'previous' }> = {
  start_sale: { from: ['available'], to: 'accepted_by_client' },
  share_send_autoservice: { from: ['available'], to: 'sent_to_autoservice' },
  client_accept: { from: ['sent_to_autoservice'], to: 'accepted_by_client' },
  contract_received: { from: ['accepted_by_client'], to: 'received_from_client' },
  set_transfer: { from: ['received_from_client'], to: 'approved_by_adm' },
  set_paid: { from: ['approved_by_adm'], to: 'payment_done' },
  cancel_sale: { from: [...OPEN, 'with_pendency'], to: 'available' },
  release_proposals: { from: ['available'], to: 'same' },
  raise_pendency: { from: OPEN, to: 'with_pendency' },
  clear_pendency: { from: ['with_pendency'], to: 'previous' },
};

describe('share states (SPEC §4)', () => {
  it('are exactly the seven states of SPEC §4', () => {
    expect([...SHARE_STATES]).toEqual([
      'available',
      'sent_to_autoservice',
      'accepted_by_client',
      'received_from_client',
      'approved_by_adm',
      'payment_done',
      'with_pendency',
    ]);
  });

  it('the six user actions of SPEC §4 are moves', () => {
    for (const m of ['start_sale', 'share_send_autoservice', 'set_transfer', 'set_paid', 'cancel_sale', 'release_proposals']) {
      expect(SHARE_MOVES).toContain(m);
    }
  });

  it('every move has a workflow entry and the table matches the documented workflow', () => {
    expect(Object.keys(SHARE_WORKFLOW).sort()).toEqual([...SHARE_MOVES].sort());
    for (const move of SHARE_MOVES) {
      expect([...SHARE_WORKFLOW[move].from].sort(), move).toEqual([...EXPECTED[move].from].sort());
      expect(SHARE_WORKFLOW[move].to, move).toBe(EXPECTED[move].to);
    }
  });

  it('isShareState accepts the states and nothing else', () => {
    for (const s of SHARE_STATES) expect(isShareState(s)).toBe(true);
    for (const v of ['', 'AVAILABLE', 'sent_to_fastin', 'canceled', null, undefined, 0]) expect(isShareState(v)).toBe(false);
  });

  it('every state has a Portuguese label', () => {
    for (const s of SHARE_STATES) expect(ptBR.shareState[s]).toMatch(/\S/);
  });
});

const cases = SHARE_MOVES.flatMap((move) => SHARE_STATES.map((state) => [move, state] as const));

describe('canMove / nextState over every move and every state', () => {
  it.each(cases)('%s from %s', (move, state) => {
    const { from, to } = EXPECTED[move];
    const allowed = from.includes(state);
    expect(canMove(move, state)).toBe(allowed);
    if (!allowed) {
      expect(nextState(move, state)).toBeNull();
      expect(nextState(move, state, 'accepted_by_client')).toBeNull();
    } else if (to === 'same') {
      expect(nextState(move, state)).toBe(state);
    } else if (to === 'previous') {
      expect(nextState(move, state, 'received_from_client')).toBe('received_from_client');
    } else {
      expect(nextState(move, state)).toBe(to);
    }
    expect(movesFrom(state).includes(move)).toBe(allowed);
  });
});

describe('pendencies', () => {
  it.each(OPEN)('raise_pendency from %s, then clear_pendency, returns to %s', (state) => {
    const pending = nextState('raise_pendency', state);
    expect(pending).toBe('with_pendency');
    expect(nextState('clear_pendency', pending!, state)).toBe(state);
  });

  it('OPEN_SALE_STATES are the states in which a sale is under way', () => {
    expect([...OPEN_SALE_STATES].sort()).toEqual([...OPEN].sort());
  });

  it.each([
    [null, 'no previous state'],
    [undefined, 'no previous state'],
    ['with_pendency', 'the pendency itself'],
    ['available', 'a state a pendency cannot be raised from'],
    ['payment_done', 'a state a pendency cannot be raised from'],
    ['sent_to_fastin', 'a process-history state, not a share state'],
    ['', 'an empty string'],
  ])('clear_pendency refuses a previous state of %j (%s)', (previous, _why) => {
    expect(nextState('clear_pendency', 'with_pendency', previous as ShareState | null | undefined)).toBeNull();
  });

  it('a pendency cannot be raised on an available, paid or already pending share', () => {
    for (const s of ['available', 'payment_done', 'with_pendency'] as const) expect(canMove('raise_pendency', s)).toBe(false);
  });

  it('cancel_sale takes a pending share back to available', () => {
    expect(nextState('cancel_sale', 'with_pendency')).toBe('available');
  });
});

describe('workflow properties', () => {
  it('property: nextState only ever returns a share state or null, whatever the previous state', () => {
    const previous = fc.oneof(fc.constantFrom<ShareState | null | undefined>(...SHARE_STATES, null, undefined), fc.string());
    fc.assert(
      fc.property(fc.constantFrom(...SHARE_MOVES), fc.constantFrom(...SHARE_STATES), previous, (move, state, prev) => {
        const next = nextState(move, state, prev as ShareState | null | undefined);
        if (next !== null) expect(SHARE_STATES).toContain(next);
      }),
      { numRuns: 2000 },
    );
  });

  it('property: any sequence of allowed moves keeps exactly one state flag true', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...SHARE_MOVES), { maxLength: 30 }), (moves) => {
        let state: ShareState = 'available';
        let beforePendency: ShareState | null = null;
        for (const move of moves) {
          const next = nextState(move, state, beforePendency);
          if (next === null) {
            expect(canMove(move, state) && move !== 'clear_pendency').toBe(false);
            continue;
          }
          if (next === 'with_pendency') beforePendency = state;
          state = next;
          expect(Object.values(stateFlags(state)).filter(Boolean)).toHaveLength(1);
        }
      }),
    );
  });

  it('the main path available -> ... -> payment_done is reachable by moves', () => {
    const path: [ShareMove, ShareState][] = [
      ['share_send_autoservice', 'sent_to_autoservice'],
      ['client_accept', 'accepted_by_client'],
      ['contract_received', 'received_from_client'],
      ['set_transfer', 'approved_by_adm'],
      ['set_paid', 'payment_done'],
    ];
    let state: ShareState = 'available';
    for (const [move, expected] of path) {
      const next = nextState(move, state);
      expect(next, `${move} from ${state}`).toBe(expected);
      state = next!;
    }
  });

  it('start_sale opens the sale on a selected proposal: available -> accepted_by_client', () => {
    expect(nextState('start_sale', 'available')).toBe('accepted_by_client');
  });

  it('every state is reachable from available', () => {
    const seen = new Set<ShareState>(['available']);
    const queue: ShareState[] = ['available'];
    while (queue.length) {
      const s = queue.shift()!;
      for (const m of movesFrom(s)) {
        const n = nextState(m, s, s === 'with_pendency' ? 'accepted_by_client' : null);
        if (n && !seen.has(n)) {
          seen.add(n);
          queue.push(n);
        }
      }
    }
    expect([...seen].sort()).toEqual([...SHARE_STATES].sort());
  });

  it('payment_done is final: no move leaves it', () => {
    expect(movesFrom('payment_done')).toEqual([]);
  });

  it('movesFrom lists the possible moves of a state', () => {
    expect(movesFrom('available').sort()).toEqual(['release_proposals', 'share_send_autoservice', 'start_sale']);
    expect(movesFrom('with_pendency').sort()).toEqual(['cancel_sale', 'clear_pendency']);
    expect(movesFrom('approved_by_adm').sort()).toEqual(['cancel_sale', 'raise_pendency', 'set_paid']);
  });
});

describe('stateFlags (SPEC §4: exactly one flag true)', () => {
  it.each(SHARE_STATES)('%s: one flag per state, only its own true', (state) => {
    const flags = stateFlags(state);
    expect(Object.keys(flags).sort()).toEqual([...SHARE_STATES].sort());
    expect(Object.entries(flags).filter(([, v]) => v)).toEqual([[state, true]]);
  });
});

describe('workflowMermaid (docs/workflow.md is drawn from the table)', () => {
  it('draws one edge per allowed move and starts at available', () => {
    const diagram = workflowMermaid();
    const lines = diagram.split('\n');
    expect(lines[0]).toBe('stateDiagram-v2');
    expect(diagram).toContain('[*] --> available');
    expect(diagram).toContain('payment_done --> [*]');
    for (const [move, state] of cases) {
      const to = EXPECTED[move].to;
      const target = to === 'same' ? state : to === 'previous' ? 'previous_state' : to;
      expect(lines.includes(`    ${state} --> ${target}: ${move}`), `${move} from ${state}`).toBe(EXPECTED[move].from.includes(state));
    }
  });
});
