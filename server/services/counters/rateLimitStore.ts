/**
 * @fastify/rate-limit's `store` option over a CounterStore, so the routes' limits hold across
 * instances. The plugin constructs the class itself (`new Store(options)`) and asks each route for
 * a child, hence a class made per counter store. Only fixed windows: the routes set neither
 * `continueExceeding` nor `exponentialBackoff`.
 */
import { type CounterStore, counterKey } from './index';

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;

// Loose on purpose: the plugin passes its whole merged route options; only routeInfo matters here.
interface RouteOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

export function rateLimitStoreOf(counters: CounterStore) {
  return class CounterRateLimitStore {
    private readonly prefix: string;
    constructor(options: RouteOptions = {}) {
      // Per route: the same client and key on two routes are two limits, as with the plugin's own stores.
      this.prefix = `rl:${String(options.routeInfo?.method ?? '')}:${options.routeInfo?.url ?? ''}`;
    }

    incr(key: string, cb: Callback, timeWindow: number): void {
      counters.increment(counterKey(this.prefix, key), timeWindow).then(
        ({ count, expiresAt }) => cb(null, { current: count, ttl: Math.max(0, expiresAt - Date.now()) }),
        (err: Error) => cb(err),
      );
    }

    read(key: string, cb: Callback): void {
      counters.get(counterKey(this.prefix, key)).then(
        (c) => cb(null, c ? { current: c.count, ttl: Math.max(0, c.expiresAt - Date.now()) } : { current: 0, ttl: 0 }),
        (err: Error) => cb(err),
      );
    }

    child(routeOptions: object): CounterRateLimitStore {
      return new CounterRateLimitStore(routeOptions as RouteOptions);
    }
  };
}
