/**
 * The hostile strings the fuzz tests feed every field: SQL, path traversal, unicode edge cases
 * (emoji, right-to-left, NUL, lone surrogates), numbers and structures in disguise, and huge values.
 */
import fc from 'fast-check';

export const SQL_INJECTION = [
  "' OR '1'='1",
  "'; DROP TABLE shares; --",
  "1; SELECT pg_sleep(5) --",
  "%' OR 1=1 --",
  "' UNION SELECT password_hash FROM users --",
  "\\'; --",
  '$1',
  '%',
  '_',
  '\\',
  '%_%\\',
  "E'\\x00'",
  "'||(SELECT version())||'",
  '$$; SELECT 1; $$',
  '/*',
  '--',
  '"; --',
];

export const PATH_TRAVERSAL = [
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e/%2e%2e/etc/passwd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%252f..%252fetc%252fpasswd',
  '..%c0%af..%c0%afetc/passwd',
  '....//....//etc/passwd',
  '/etc/passwd',
  '..',
  '.',
  '/',
  'acme/../../../../etc/passwd',
  'acme/2026/01/../../../../../etc/shadow',
  'file:///etc/passwd',
  'C:\\Windows\\system32\\config\\SAM',
  '\\\\server\\share\\x.pdf',
  '~/.ssh/id_rsa',
  '../storage/part/x/1',
];

export const UNICODE = [
  '😀',
  '👩‍👩‍👧‍👦',
  '\u202eevil\u202c.pdf',
  'مرحبا بالعالم',
  'שלום',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\ud83d',
  '\ufeff',
  '\u200b',
  'e\u0301',
  'İı',
  'ß',
  '\r\n',
  '\t',
  '\u0007',
  '\u001b[31m',
  '\u2028\u2029',
  '𝕏𝕐',
  'ﷺ',
  '\uffff',
  'Ａ',
  'ação',
];

export const DISGUISED = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  '-0',
  '0x1F',
  '2147483648',
  '9'.repeat(40),
  '1.5',
  'true',
  'null',
  'undefined',
  '{}',
  '[]',
  '__proto__',
  'constructor',
  '{"__proto__":{"admin":true}}',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '%s%n',
  '%00',
  '%ZZ',
  '%ED%A0%80',
];

export const HOSTILE_STRINGS: readonly string[] = [...SQL_INJECTION, ...PATH_TRAVERSAL, ...UNICODE, ...DISGUISED];

/**
 * A value too big to print or to serialize recursively, generated as a marker (so a failure report
 * stays readable) and expanded only when the request is built.
 */
export abstract class Marker {
  /** The value as JSON text. */
  abstract json(): string;
  /** The value where a string is wanted (a query parameter). */
  abstract text(): string;
}

/** `unit` repeated `count` times. */
export class Huge extends Marker {
  constructor(
    readonly unit: string,
    readonly count: number,
  ) {
    super();
  }
  text(): string {
    return this.unit.repeat(this.count);
  }
  json(): string {
    return JSON.stringify(this.text());
  }
  [fc.toStringMethod](): string {
    return `${JSON.stringify(this.unit)}.repeat(${this.count})`;
  }
}

/** Arrays or objects nested `depth` deep: JSON.parse takes them, a recursive JSON.stringify does not. */
export class Deep extends Marker {
  constructor(
    readonly depth: number,
    readonly kind: 'array' | 'object',
  ) {
    super();
  }
  json(): string {
    return this.kind === 'array' ? '['.repeat(this.depth) + ']'.repeat(this.depth) : '{"a":'.repeat(this.depth) + '1' + '}'.repeat(this.depth);
  }
  text(): string {
    return this.json();
  }
  [fc.toStringMethod](): string {
    return `Deep(${this.depth}, ${this.kind})`;
  }
}

/** JSON text no JavaScript value stringifies to: numbers beyond double range or precision. */
export class RawJson extends Marker {
  constructor(readonly source: string) {
    super();
  }
  json(): string {
    return this.source;
  }
  text(): string {
    return this.source;
  }
  [fc.toStringMethod](): string {
    return `RawJson(${this.source})`;
  }
}

export const RAW_NUMBERS = [new RawJson('1e400'), new RawJson('-1e400'), new RawJson('123456789012345678901234567890'), new RawJson('-0.0000000000000000000000001'), new RawJson('1E+2')];

export const HUGE = [new Huge('a', 100_000), new Huge('😀', 50_000), new Huge('%', 100_000), new Huge("'", 100_000), new Huge('\u0000', 10_000), new Huge('../', 30_000), new Huge('\ud800', 20_000)];
export const DEEP = [new Deep(20_000, 'array'), new Deep(5_000, 'object')];

/** Replaces every marker in a value by its text (for query strings, where everything is text). */
export function materialize(v: unknown): unknown {
  if (v instanceof Marker) return v.text();
  if (Array.isArray(v)) return v.map(materialize);
  // fromEntries defines own properties, so a generated "__proto__" key stays a key.
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, materialize(x)]));
  return v;
}

/** JSON text of a generated value, markers expanded in place. */
export function jsonText(v: unknown): string {
  if (v instanceof Marker) return v.json();
  if (Array.isArray(v)) return `[${v.map((x) => (x === undefined ? 'null' : jsonText(x))).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.entries(v)
      .filter(([, x]) => x !== undefined)
      .map(([k, x]) => `${JSON.stringify(k)}:${jsonText(x)}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/** Length as JSON Schema (and Ajv) count it: code points, a lone surrogate counting one. */
export const codePoints = (s: string): number => [...s].length;
export const clip = (s: string, max: number): string => [...s].slice(0, max).join('');

/** Short hostile strings: the corpus, random code units, graphemes, and mixes of them. */
export const shortHostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 5 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 24 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 16 }), weight: 1 },
  { arbitrary: fc.array(fc.constantFrom(...HOSTILE_STRINGS), { minLength: 2, maxLength: 4 }).map((a) => a.join('')), weight: 2 },
);

/** Any hostile string, huge ones included. */
export const hostileString: fc.Arbitrary<string | Huge> = fc.oneof({ arbitrary: shortHostileString, weight: 6 }, { arbitrary: fc.constantFrom(...HUGE), weight: 1 });

/** A string of `min`..`max` code points built from the hostile ones (clipped, or padded with 'a'). */
export const boundedHostileString = (min = 0, max = 60): fc.Arbitrary<string> =>
  shortHostileString.map((s) => {
    const c = clip(s, max);
    return codePoints(c) >= min ? c : c + 'a'.repeat(min - codePoints(c));
  });

/** Any JSON value with hostile leaves: wrong types, nesting, huge strings. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: hostileString, weight: 4 },
    { arbitrary: fc.constantFrom(0, -1, 1.5, 2 ** 31, -(2 ** 53), 1e308, Number.MAX_SAFE_INTEGER), weight: 1 },
    { arbitrary: fc.integer(), weight: 1 },
    { arbitrary: fc.constantFrom(true, false, null), weight: 1 },
    { arbitrary: fc.constantFrom(...DEEP), weight: 1 },
    { arbitrary: fc.constantFrom(...RAW_NUMBERS), weight: 1 },
    { arbitrary: fc.array(tie('value'), { maxLength: 4 }), weight: 1 },
    { arbitrary: fc.dictionary(shortHostileString, tie('value'), { maxKeys: 4 }), weight: 1 },
  ),
})).value;
