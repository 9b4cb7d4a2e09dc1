/**
 * HTTP load with autocannon over loopback. Every connection takes the next request variant from
 * one shared counter (so 50 connections do not all hit the same share at once), and every
 * response's time is kept, so p95 is read from the samples (autocannon's summary has no p95).
 */
import autocannon from 'autocannon';
import type { Samples } from './stats';

export interface Variant {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

export async function load(baseUrl: string, token: string, variants: Variant[], connections: number, seconds: number): Promise<Samples> {
  let next = 0;
  const get = { authorization: `Bearer ${token}` };
  const post = { ...get, 'content-type': 'application/json' };
  const instance = autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    timeout: 30,
    requests: [
      {
        setupRequest: () => {
          const v = variants[next++ % variants.length];
          return { method: v.method, path: v.path, headers: v.body ? post : get, ...(v.body ? { body: v.body } : {}) };
        },
      },
    ],
  });
  const samples: number[] = [];
  let errors = 0;
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status >= 200 && status < 300) samples.push(ms);
    else errors++;
  });
  const result = await instance;
  return { samplesMs: samples, errors: errors + result.errors + result.timeouts, seconds: result.duration };
}
