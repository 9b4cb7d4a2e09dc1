/**
 * The pricing runs as pg-boss jobs (docs/operations.md "Background jobs").
 *
 * - One job per run, keyed by the run's id under the `stately` policy: at most one waiting and one
 *   active job per run, so sending a run twice queues it once.
 * - Any instance on the database takes the waiting jobs (FOR UPDATE SKIP LOCKED), one at a time.
 * - A failed attempt (database or storage outage; a file's own problem is a row error, not a failure)
 *   is retried with exponential backoff; when the retries run out pg-boss moves the job to the dead
 *   letter queue `pricing_failed`, whose handler ends the run `failed` for the pricing screen.
 * - A job whose instance died stays active until it expires; pg-boss's maintenance (whichever
 *   instance takes its turn) then hands it back for a retry.
 * - Every instance also sweeps for runs left running without a job (an enqueue lost to an outage, or
 *   runs older than this queue) at start and then periodically, so no run waits for a reboot.
 *
 * Our own fetch loop rather than `boss.work()`: pg-boss 10's worker does not await the completion
 * of a job, so a database that fails at that moment raises an unhandled rejection, and it gives no
 * way to wait for the queue to be empty, which tests and the drain on close need.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { PRICING_FAILURE_REASONS, PRICING_RUNNING, type PricingFailureReason } from '../../src/domain/auctions';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { rowsOf } from '../db/seed/bulk';
import { failureReasonOf, markPricingFailed, processPricingRun, recordPricingAttempt } from '../services/pricing';
import { type BossDb, bossDbOf, createBoss, createQueues } from './boss';

export const PRICING_QUEUE = 'pricing';
export const PRICING_DEAD_LETTER = 'pricing_failed';

export interface PricingQueueSettings {
  /** Retries after the first attempt before the run ends failed. */
  retryLimit: number;
  /** Seconds before the first retry; with backoff, doubling (with jitter) at each one. */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** An attempt still active this long after it started is taken as lost (its instance died). */
  expireSeconds: number;
  /** How often an idle worker asks for work (it is also woken by its own instance's sends). */
  pollMs: number;
  /** How often the instance looks for runs left running without a job. */
  sweepMs: number;
  /** On close, how long an attempt in hand may take to finish before it is left to expire. */
  stopTimeoutMs: number;
}

/**
 * 5 retries from 10 s with backoff span about 5 to 10 minutes: long enough for a database failover
 * or a storage blip, short enough that the operator hears of a real outage the same day.
 */
export const DEFAULT_PRICING_QUEUE_SETTINGS: PricingQueueSettings = {
  retryLimit: 5,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireSeconds: 300,
  pollMs: 2_000,
  sweepMs: 60_000,
  stopTimeoutMs: 20_000,
};

interface PricingJobData {
  pricingId: string;
}

/** What a failed attempt leaves as the job's output, which pg-boss copies to its dead letter. */
interface FailureOutput {
  reason?: PricingFailureReason;
  attempts?: number;
}

type Log = Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;

export class PricingQueue {
  /** Tests shorten the delays; read at each send, so a change applies to the next job. */
  readonly settings: PricingQueueSettings = { ...DEFAULT_PRICING_QUEUE_SETTINGS };
  private boss: PgBoss;
  private readonly bossDb: BossDb;
  private started: Promise<boolean> | null = null;
  private loop: Promise<void> | null = null;
  private stopping = false;
  private wake: (() => void) | null = null;
  private readonly sends = new Set<Promise<unknown>>();
  private inHand = 0;
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly log: Log,
  ) {
    this.bossDb = bossDbOf(db);
    this.boss = this.newBoss();
  }

  private newBoss(): PgBoss {
    const boss = createBoss(this.bossDb, { maintenanceIntervalSeconds: 30 });
    // An EventEmitter without an 'error' listener throws; maintenance errors are worth a line only.
    boss.on('error', (err) => this.log.warn({ err }, 'pricing queue maintenance failed'));
    return boss;
  }

  /**
   * Starts in the background: a database that is down at boot must not stop the server from starting
   * (it answers 503 until the database is back); the queue keeps trying and starts when it can.
   */
  startInBackground(): void {
    this.started ??= this.startWhenPossible();
  }

  private async startWhenPossible(): Promise<boolean> {
    for (let wait = 1_000; !this.stopping; wait = Math.min(wait * 2, 30_000)) {
      try {
        await this.boss.start();
        // The dead letter first: the main queue's foreign key names it.
        await createQueues(this.bossDb, this.boss, [
          { name: PRICING_DEAD_LETTER, policy: 'standard' },
          { name: PRICING_QUEUE, policy: 'stately', deadLetter: PRICING_DEAD_LETTER },
        ]);
        // Before the start counts as done, so idle() right after a boot sees the runs it found.
        await this.sweep().catch((err: unknown) => this.log.error({ err }, 'could not look for pricing runs without a job'));
        this.loop = this.work();
        return true;
      } catch (err) {
        this.log.error({ err }, 'could not start the pricing queue; trying again');
        // A PgBoss whose start failed answers every later start() as already starting: a new one.
        await this.boss.stop({ graceful: false, close: false }).catch(() => {});
        this.boss = this.newBoss();
        await this.pause(wait);
      }
    }
    return false;
  }

  /** Queues a run; the work starts once the current request has been answered. */
  enqueue(pricingId: string): void {
    const sending = this.send(pricingId)
      .then(() => this.notify())
      // The run is saved; the sweep queues it later if this send was lost.
      .catch((err: unknown) => this.log.error({ err, pricingId }, 'could not queue the pricing run'))
      .finally(() => this.sends.delete(sending));
    this.sends.add(sending);
  }

  private async send(pricingId: string): Promise<void> {
    this.startInBackground();
    if (await this.started) await this.sendJob(pricingId);
  }

  private async sendJob(pricingId: string): Promise<void> {
    const s = this.settings;
    await this.boss.send(PRICING_QUEUE, { pricingId } satisfies PricingJobData, {
      singletonKey: pricingId,
      retryLimit: s.retryLimit,
      retryDelay: s.retryDelaySeconds,
      retryBackoff: s.retryBackoff,
      expireInSeconds: s.expireSeconds,
      deadLetter: PRICING_DEAD_LETTER,
    });
  }

  /** Queues every run left running with no job waiting or active for it, oldest first. */
  async sweep(): Promise<number> {
    this.lastSweep = Date.now();
    const running = sql.join(
      PRICING_RUNNING.map((s) => sql`${s}`),
      sql`, `,
    );
    const rows = rowsOf<{ id: string }>(
      await this.db.execute(sql`
        select p.id from auction_pricing p
        where p.status in (${running})
          and not exists (
            select 1 from pgboss.job j
            where j.name = ${PRICING_QUEUE} and j.singleton_key = p.id::text and j.state < 'completed'
          )
          -- Its retries just ran out: the dead letter is about to end it failed, not to be retried.
          and not exists (
            select 1 from pgboss.job d
            where d.name = ${PRICING_DEAD_LETTER} and d.data->>'pricingId' = p.id::text and d.state < 'completed'
          )
        order by p.created_at, p.id`),
    );
    for (const r of rows) await this.sendJob(r.id);
    if (rows.length) {
      this.log.info({ queued: rows.length }, 'pricing runs without a job queued');
      this.notify();
    }
    return rows.length;
  }

  private notify(): void {
    this.wake?.();
  }

  private async pause(ms: number): Promise<void> {
    if (this.stopping) return;
    const ac = new AbortController();
    this.wake = () => ac.abort();
    await sleep(ms, undefined, { signal: ac.signal }).catch(() => {});
    this.wake = null;
  }

  private async work(): Promise<void> {
    while (!this.stopping) {
      try {
        if (Date.now() - this.lastSweep >= this.settings.sweepMs) await this.sweep();
        if (await this.takeOne()) continue;
      } catch (err) {
        this.log.error({ err }, 'pricing queue could not fetch');
      }
      await this.pause(this.settings.pollMs);
    }
  }

  /** Handles one job (a dead letter first: it only writes the run's end); false when none waits. */
  private async takeOne(): Promise<boolean> {
    for (const name of [PRICING_DEAD_LETTER, PRICING_QUEUE]) {
      if (this.stopping) return false;
      const [job] = await this.boss.fetch<PricingJobData>(name, { batchSize: 1, includeMetadata: true });
      if (!job) continue;
      this.inHand++;
      try {
        if (name === PRICING_QUEUE) await this.attempt(job);
        else await this.deadLetter(job);
      } finally {
        this.inHand--;
      }
      return true;
    }
    return false;
  }

  private async attempt(job: PgBoss.JobWithMetadata<PricingJobData>): Promise<void> {
    const { pricingId } = job.data;
    try {
      await processPricingRun(this.db, this.config, pricingId);
    } catch (err) {
      const reason = failureReasonOf(err);
      const attempts = job.retryCount + 1;
      const last = job.retryCount >= job.retryLimit;
      this.log.error({ err, pricingId, attempts, reason, last }, last ? 'pricing run failed; no retries left' : 'pricing run failed; it will be retried');
      await recordPricingAttempt(this.db, pricingId, attempts, reason).catch(() => {});
      // When even this fails (the database is down), the job stays active and expires into a retry.
      await this.boss.fail(PRICING_QUEUE, job.id, { reason, attempts } satisfies FailureOutput).catch(() => {});
      return;
    }
    await this.boss.complete(PRICING_QUEUE, job.id).catch((err: unknown) => this.log.warn({ err, pricingId }, 'could not complete the pricing job'));
  }

  private async deadLetter(job: PgBoss.JobWithMetadata<PricingJobData>): Promise<void> {
    const { pricingId } = job.data;
    const out = (job.output ?? {}) as FailureOutput;
    // An attempt that expired has pg-boss's own output: its instance was lost mid-run, or it hung.
    const reason = out.reason && PRICING_FAILURE_REASONS.includes(out.reason) ? out.reason : 'timeout';
    const attempts = out.attempts ?? job.retryLimit + 1;
    try {
      const ended = await markPricingFailed(this.db, pricingId, attempts, reason);
      if (ended) this.log.warn({ pricingId, attempts, reason }, 'pricing run ended failed');
      await this.boss.complete(PRICING_DEAD_LETTER, job.id);
    } catch (err) {
      this.log.error({ err, pricingId }, 'could not record the failed pricing run');
      await this.boss.fail(PRICING_DEAD_LETTER, job.id, err as object).catch(() => {});
    }
  }

  /** Runs pg-boss's maintenance now (expired attempts back to retry): what the interval does, for tests. */
  async maintain(): Promise<void> {
    await this.boss.maintain();
  }

  /**
   * Resolves when no pricing job is waiting, retrying or active anywhere on the database, and this
   * instance holds none: how tests wait for a run without sleeping. A retry waiting for its time and
   * a job held by another instance count as not idle.
   */
  async idle(): Promise<void> {
    this.startInBackground();
    if (!(await this.started)) return;
    for (;;) {
      while (this.sends.size) await Promise.all([...this.sends]);
      const [open] = rowsOf<{ n: number }>(
        await this.db.execute(sql`select count(*)::int as n from pgboss.job where name in (${PRICING_QUEUE}, ${PRICING_DEAD_LETTER}) and state < 'completed'`),
      );
      if (Number(open?.n ?? 0) === 0 && this.inHand === 0 && !this.sends.size) return;
      this.notify();
      await sleep(25);
    }
  }

  /**
   * Graceful stop (the app's onClose): takes no new job, lets the one in hand finish (up to
   * stopTimeoutMs; past that it is left active and expires into a retry elsewhere), then stops
   * pg-boss's maintenance. Jobs still waiting stay in the database for the other instances.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.notify();
    await Promise.allSettled([...this.sends]);
    if (this.started && (await this.started)) {
      const cancel = new AbortController();
      const timeout = sleep(this.settings.stopTimeoutMs, 'timeout' as const, { signal: cancel.signal }).catch(() => undefined);
      const finished = await Promise.race([this.loop, timeout]);
      cancel.abort();
      if (finished === 'timeout') this.log.warn('pricing run still in hand at stop; it will be retried after it expires');
      // Not graceful in pg-boss's sense: its own workers are none, and the connection is the app's.
      await this.boss.stop({ graceful: false, close: false, wait: true }).catch((err: unknown) => this.log.warn({ err }, 'pricing queue stop'));
    }
  }
}

const queues = new WeakMap<Config, PricingQueue>();

/** The app's queue, by its config (the object buildApp was given): tests await `pricingQueueOf(config).idle()`. */
export function pricingQueueOf(config: Config): PricingQueue | undefined {
  return queues.get(config);
}

export function registerPricingQueue(config: Config, queue: PricingQueue): void {
  queues.set(config, queue);
}
