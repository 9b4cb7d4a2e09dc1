/**
 * Mixed load as many API clients make it: list pages, one share, its history, and moves. Each
 * connection owns its own shares and cycles them available → sent_to_autoservice → available
 * (share_send_autoservice, then cancel_sale), so no two clients race for a share and every refusal
 * is a real error.
 *
 * Every move carries its own Idempotency-Key. A move answered 503 or lost on the wire is retried
 * with the same key until it is answered 200, as a careful client does: the server writes it once
 * whether the first attempt committed or not. The acknowledged keys are what the history must hold.
 */
import { type Answer, call, messageOf, percentile } from './api';

export interface LoadShare {
  id: string;
  contractNumber: string;
}

export interface LoadOptions {
  url: string | (() => string);
  token: string;
  /** Shares in `available`, split among the connections. */
  shares: LoadShare[];
  cancelReason: string;
  connections: number;
  durationMs: number;
  /** Share of the requests that are moves; the rest are reads. */
  moveRatio?: number;
  /** Pause before retrying a move that was not answered 200. */
  retryDelayMs?: number;
  /** Prefix of the Idempotency-Keys, unique per run. */
  keyPrefix: string;
}

export interface Acknowledged {
  shareId: string;
  key: string;
  action: 'share_send_autoservice' | 'cancel_sale';
}

export interface LoadReport {
  requests: number;
  /** Status → count (0: no HTTP answer). */
  statuses: Record<number, number>;
  /** Requests answered with anything but 2xx, 503 excluded (reported apart). */
  errors: number;
  unavailable: number;
  networkErrors: number;
  /** Distinct messages of the non-2xx answers, for the failure report. */
  messages: Record<string, number>;
  p50: number;
  p99: number;
  /** p99 of the 503 answers alone: how long a client waited to hear that the database is away. */
  unavailableP99: number;
  /** Moves still unanswered 200 when the client gave up (30 s after the end of the run). */
  abandoned: number;
  acknowledged: Acknowledged[];
  /** When (epoch ms) the 503 answers and network errors came. */
  failureTimes: number[];
  /** The share's state as its last acknowledged move left it. */
  finalStates: Map<string, 'available' | 'sent_to_autoservice'>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const moveRatio = options.moveRatio ?? 0.5;
  const urlOf = typeof options.url === 'string' ? () => options.url as string : options.url;
  const started = Date.now();
  const deadline = started + options.durationMs;
  const report: LoadReport = {
    requests: 0,
    statuses: {},
    errors: 0,
    unavailable: 0,
    networkErrors: 0,
    messages: {},
    p50: 0,
    p99: 0,
    unavailableP99: 0,
    abandoned: 0,
    acknowledged: [],
    failureTimes: [],
    finalStates: new Map(),
  };
  const latencies: number[] = [];
  const unavailableLatencies: number[] = [];

  const timed = async (path: string, init: Parameters<typeof call>[2]): Promise<Answer> => {
    const t0 = performance.now();
    const a = await call(urlOf(), path, { ...init, token: options.token });
    latencies.push(performance.now() - t0);
    if (a.status === 503) unavailableLatencies.push(performance.now() - t0);
    report.requests++;
    report.statuses[a.status] = (report.statuses[a.status] ?? 0) + 1;
    if (a.status === 503 || a.status === 0) {
      report.failureTimes.push(Date.now());
      if (a.status === 503) report.unavailable++;
      else report.networkErrors++;
    } else if (a.status >= 300) {
      report.errors++;
    }
    if (a.status !== 200) {
      const m = a.status === 0 ? `network: ${a.networkError}` : `${a.status} ${messageOf(a)}`;
      report.messages[m] = (report.messages[m] ?? 0) + 1;
    }
    return a;
  };

  let keySeq = 0;
  const worker = async (own: LoadShare[]) => {
    const state = new Map(own.map((s) => [s.id, 'available' as 'available' | 'sent_to_autoservice']));
    let turn = 0;
    while (Date.now() < deadline) {
      const share = own[turn++ % own.length];
      if (Math.random() < moveRatio) {
        const action = state.get(share.id) === 'available' ? 'share_send_autoservice' : 'cancel_sale';
        const body =
          action === 'share_send_autoservice'
            ? { shareId: share.id }
            : { shareId: share.id, reason: options.cancelReason, detail: 'Teste de confiabilidade' };
        const key = `${options.keyPrefix}-${keySeq++}`;
        // The same key until the server says 200: the move is written once whatever happened before.
        for (;;) {
          const a = await timed(`/actions/${action}`, { body, headers: { 'idempotency-key': key } });
          if (a.status === 200) {
            report.acknowledged.push({ shareId: share.id, key, action });
            state.set(share.id, action === 'share_send_autoservice' ? 'sent_to_autoservice' : 'available');
            break;
          }
          if (a.status !== 503 && a.status !== 0) break; // a real error: counted, the client gives up on it
          if (Date.now() > deadline + 30_000) {
            report.abandoned++;
            break;
          }
          await sleep(options.retryDelayMs ?? 100);
        }
      } else {
        const pick = Math.random();
        const a =
          pick < 0.4
            ? await timed(`/share/list?page=${1 + Math.floor(Math.random() * 5)}&limit=20`, {})
            : pick < 0.7
              ? await timed(`/share/get?contractNumber=${encodeURIComponent(share.contractNumber)}`, {})
              : await timed('/share/get_history', { body: { shareId: share.id } });
        // While the database is away a client backs off instead of spinning on 503s.
        if (a.status === 503 || a.status === 0) await sleep(options.retryDelayMs ?? 100);
      }
    }
    for (const [id, s] of state) report.finalStates.set(id, s);
  };

  const per = Math.floor(options.shares.length / options.connections);
  if (per < 1) throw new Error(`need at least ${options.connections} shares, got ${options.shares.length}`);
  await Promise.all(Array.from({ length: options.connections }, (_, i) => worker(options.shares.slice(i * per, (i + 1) * per))));
  report.p50 = Math.round(percentile(latencies, 50) * 10) / 10;
  report.p99 = Math.round(percentile(latencies, 99) * 10) / 10;
  report.unavailableP99 = Math.round(percentile(unavailableLatencies, 99) * 10) / 10;
  return report;
}
