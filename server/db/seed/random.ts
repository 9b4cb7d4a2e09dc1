/**
 * A seeded pseudo-random source for the demo data. Math.random (and the generators of
 * @brazilian-utils, which use it) would make every seed different, and the tests and benchmarks
 * rely on "same seed, same data".
 */

/** splitmix32: spreads a small integer seed over the 128-bit state of sfc32. */
const splitmix32 = (seed: number): (() => number) => {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
};

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    const mix = splitmix32(seed);
    this.a = mix();
    this.b = mix();
    this.c = mix();
    this.d = mix();
    // sfc32 needs a few rounds before its output stops echoing the seed.
    for (let i = 0; i < 12; i++) this.u32();
  }

  /** sfc32: 128 bits of state, so a million shares' worth of draws never cycles. */
  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** [0, 1) */
  next(): number {
    return this.u32() / 4294967296;
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks by weight; `weights` need not sum to 1. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      r -= weights[i];
      if (r < 0) return items[i];
    }
    return items[items.length - 1];
  }

  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(this.int(0, 9));
    return s;
  }

  /**
   * A version-4 UUID whose first 32 bits are a bijective scramble of `index`: two different indexes
   * can never collide, whatever the random part, so a million share ids need no uniqueness check.
   */
  uuid(index?: number): string {
    const hex = (n: number, len: number) => (n >>> 0).toString(16).padStart(len, '0').slice(-len);
    // The XOR keeps it a bijection and spares share 0 an all-zero prefix.
    const head = index === undefined ? this.u32() : scramble32((index ^ 0x5bd1e995) >>> 0);
    const b = this.u32();
    const c = this.u32();
    const d = this.u32();
    return (
      `${hex(head, 8)}-${hex(b >>> 16, 4)}-${hex(0x4000 | (b & 0x0fff), 4)}-` +
      `${hex(0x8000 | ((c >>> 16) & 0x3fff), 4)}-${hex(c & 0xffff, 4)}${hex(d, 8)}`
    );
  }
}

/** A bijection on 32-bit integers (xorshift-multiply steps are each invertible). */
export const scramble32 = (n: number): number => {
  let x = n >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d) >>> 0;
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
};

const cpfCheckDigit = (digits: string): number => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (digits.length + 1 - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
};

/** A valid CPF, digits only. */
export const randomCpf = (rng: Random): string => {
  for (;;) {
    const base = rng.digits(9);
    if (/^(\d)\1+$/.test(base)) continue;
    const d1 = cpfCheckDigit(base);
    const d2 = cpfCheckDigit(base + d1);
    return `${base}${d1}${d2}`;
  }
};

const CNPJ_W1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_W2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

const cnpjCheckDigit = (digits: string, weights: readonly number[]): number => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * weights[i];
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
};

/** A valid numeric CNPJ of a head office (branch 0001), digits only. */
export const randomCnpj = (rng: Random): string => {
  for (;;) {
    const root = rng.digits(8);
    if (/^(\d)\1+$/.test(root)) continue;
    const base = `${root}0001`;
    const d1 = cnpjCheckDigit(base, CNPJ_W1);
    const d2 = cnpjCheckDigit(base + d1, CNPJ_W2);
    return `${base}${d1}${d2}`;
  }
};

export const formatCnpjDigits = (d: string): string =>
  `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
