/** Latency samples to the figures the reports print. */
export interface Figures {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** CPU time (user + system) of the app's process per request, in µs; NaN when not measured. */
  cpuPerRequestUs: number;
}

/** Nearest-rank percentile of sorted samples, in ms. */
const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

export function figuresOf(samplesMs: number[], errors: number, seconds: number, cpuUs = NaN): Figures {
  const sorted = Float64Array.from(samplesMs).sort();
  const list = Array.from(sorted);
  return {
    requests: list.length,
    errors,
    seconds,
    rps: list.length / seconds,
    p50: percentile(list, 50),
    p95: percentile(list, 95),
    p99: percentile(list, 99),
    cpuPerRequestUs: cpuUs / Math.max(1, list.length + errors),
  };
}

/** Raw samples of one run, so that interleaved slices can be merged before percentiles. */
export interface Samples {
  samplesMs: number[];
  errors: number;
  seconds: number;
  /** CPU time (user + system, µs) the app's process spent during the run (process.cpuUsage delta). */
  cpuUs?: number;
}

export const merge = (runs: Samples[]): Figures =>
  figuresOf(
    runs.flatMap((r) => r.samplesMs),
    runs.reduce((n, r) => n + r.errors, 0),
    runs.reduce((n, r) => n + r.seconds, 0),
    runs.reduce((n, r) => n + (r.cpuUs ?? NaN), 0),
  );
