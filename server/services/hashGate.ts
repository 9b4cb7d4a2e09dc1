/**
 * Bounds what logins may cost this process (docs/security.md). scrypt runs on libuv's small thread
 * pool and takes the CPU, and every login costs database round trips: 200 concurrent logins from
 * one address once made every other request of the API wait 2.3 s.
 *
 * `enter` admits a login before any of its work, the rate limit's count included: a client
 * (address) with `perClient` logins already in progress is refused at once (429) from memory, and
 * so is everyone when `concurrency + queue` are (503). `hash` then runs at most `concurrency`
 * password verifications at once; the waiting ones are served one client at a time in turn, so a
 * busy address adds at most one verification to another client's wait.
 */
import { MESSAGES, tooMany, unavailable } from './errors';

export interface HashGateOptions {
  concurrency: number;
  perClient: number;
  queue: number;
}

export class HashGate {
  private inProgress = 0;
  private readonly held = new Map<string, number>();
  private running = 0;
  /** Waiters per client, in turn order: a Map iterates in insertion order, and a served client goes last. */
  private readonly queues = new Map<string, (() => void)[]>();

  constructor(private readonly options: HashGateOptions) {}

  /** Admits one login of the client; the answer is its `leave`, idempotent. */
  enter(client: string): () => void {
    const held = this.held.get(client) ?? 0;
    if (held >= this.options.perClient) throw tooMany(MESSAGES.tooManyRequests, 1);
    if (this.inProgress >= this.options.concurrency + this.options.queue) throw unavailable(MESSAGES.loginBusy, 1);
    this.held.set(client, held + 1);
    this.inProgress++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.inProgress--;
      const rest = (this.held.get(client) ?? 1) - 1;
      if (rest > 0) this.held.set(client, rest);
      else this.held.delete(client);
    };
  }

  async hash<T>(client: string, work: () => Promise<T>): Promise<T> {
    if (this.running < this.options.concurrency) this.running++;
    else await new Promise<void>((resolve) => this.queues.set(client, [...(this.queues.get(client) ?? []), resolve]));
    try {
      return await work();
    } finally {
      this.next();
    }
  }

  /** Hands the finished slot to the next client in turn, or frees it. */
  private next(): void {
    const first = this.queues.entries().next();
    if (first.done) {
      this.running--;
      return;
    }
    const [client, queue] = first.value;
    const resolve = queue.shift()!;
    this.queues.delete(client);
    if (queue.length) this.queues.set(client, queue);
    resolve();
  }
}
