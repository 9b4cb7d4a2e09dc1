/**
 * Bounds the password-hash work of logins in this process (docs/security.md). scrypt runs on
 * libuv's small thread pool and takes the CPU: 200 concurrent logins from one address queued there
 * and every other request of the API waited 2.3 s. Here at most `concurrency` verifications run at
 * once; the waiting ones are served one client (address) at a time in turn, so a flood from one
 * address adds at most one verification to another client's wait; a client with `perClient` already
 * running or waiting is refused at once (429), and a full queue refuses everyone (503).
 */
import { HttpError, MESSAGES } from '../http/errors';

export interface HashGateOptions {
  concurrency: number;
  perClient: number;
  queue: number;
}

export class HashGate {
  private running = 0;
  private waiting = 0;
  /** Waiters per client, in turn order: a Map iterates in insertion order, and a served client goes last. */
  private readonly queues = new Map<string, (() => void)[]>();
  private readonly held = new Map<string, number>();

  constructor(private readonly options: HashGateOptions) {}

  async run<T>(client: string, work: () => Promise<T>): Promise<T> {
    const held = this.held.get(client) ?? 0;
    if (held >= this.options.perClient) throw new HttpError(429, MESSAGES.tooManyRequests, undefined, { 'retry-after': '1' });
    if (this.running >= this.options.concurrency && this.waiting >= this.options.queue) {
      throw new HttpError(503, MESSAGES.loginBusy, undefined, { 'retry-after': '1' });
    }
    this.held.set(client, held + 1);
    try {
      if (this.running < this.options.concurrency) this.running++;
      else await this.wait(client);
      try {
        return await work();
      } finally {
        this.next();
      }
    } finally {
      const left = (this.held.get(client) ?? 1) - 1;
      if (left > 0) this.held.set(client, left);
      else this.held.delete(client);
    }
  }

  private wait(client: string): Promise<void> {
    this.waiting++;
    return new Promise((resolve) => {
      const queue = this.queues.get(client);
      if (queue) queue.push(resolve);
      else this.queues.set(client, [resolve]);
    });
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
    this.waiting--;
    resolve();
  }
}
