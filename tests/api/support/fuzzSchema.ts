/**
 * Inputs generated from a route's own JSON schema (as the OpenAPI document publishes it): values the
 * schema accepts, built from hostile strings and real ids, and one-field mutations of them. A
 * mutation the schema certainly refuses, whatever Fastify's coercion does, carries the answer the
 * server's validation rule gives (server/http/errorHandler.ts validationError):
 * "<field> is required" for a missing field, "Invalid <body|query>: <field> …" for anything else.
 */
import fc from 'fast-check';
import { HOSTILE_STRINGS, Marker, boundedHostileString, clip, codePoints, hostileJson, hostileString, shortHostileString } from './fuzzStrings';

export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  anyOf?: Schema[];
  default?: unknown;
  description?: string;
}

/** The keywords these generators understand; a schema using another one gets no exact oracle. */
const KNOWN_KEYWORDS = new Set([
  'type', 'properties', 'required', 'additionalProperties', 'items', 'minItems', 'maxItems', 'minLength', 'maxLength', 'pattern', 'format', 'enum',
  'minimum', 'maximum', 'anyOf', 'default', 'description',
]);
const KNOWN_FORMATS = new Set(['uuid']);

export function understood(s: Schema): boolean {
  if (Object.keys(s).some((k) => !KNOWN_KEYWORDS.has(k))) return false;
  if (s.format && !KNOWN_FORMATS.has(s.format)) return false;
  const children = [...Object.values(s.properties ?? {}), ...(s.items ? [s.items] : []), ...(s.anyOf ?? []), ...(typeof s.additionalProperties === 'object' ? [s.additionalProperties] : [])];
  return children.every(understood);
}

const UUID = /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;
const typesOf = (s: Schema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

/** Whether a plain value satisfies the schema, without coercion: used to keep only fitting pool values. */
export function conforms(s: Schema, v: unknown): boolean {
  if (s.anyOf) return s.anyOf.some((b) => conforms(b, v));
  if (s.enum && !s.enum.includes(v)) return false;
  const types = typesOf(s);
  const typeOk = (t: string) =>
    t === 'null' ? v === null
    : t === 'integer' ? Number.isInteger(v)
    : t === 'array' ? Array.isArray(v)
    : t === 'object' ? !!v && typeof v === 'object' && !Array.isArray(v)
    : typeof v === t;
  if (types.length && !types.some(typeOk)) return false;
  if (typeof v === 'string') {
    if (s.minLength !== undefined && codePoints(v) < s.minLength) return false;
    if (s.maxLength !== undefined && codePoints(v) > s.maxLength) return false;
    if (s.pattern && !new RegExp(s.pattern, 'u').test(v)) return false;
    if (s.format === 'uuid' && !UUID.test(v)) return false;
  }
  if (typeof v === 'number') {
    if (s.minimum !== undefined && v < s.minimum) return false;
    if (s.maximum !== undefined && v > s.maximum) return false;
  }
  if (Array.isArray(v)) {
    if (s.minItems !== undefined && v.length < s.minItems) return false;
    if (s.maxItems !== undefined && v.length > s.maxItems) return false;
    if (s.items && !v.every((x) => conforms(s.items!, x))) return false;
  }
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    if ((s.required ?? []).some((k) => !(k in o))) return false;
    if (Object.entries(s.properties ?? {}).some(([k, p]) => k in o && !conforms(p, o[k]))) return false;
  }
  return true;
}

export interface GenContext {
  /** Real values (ids, contract numbers…) by property name, so that some requests reach deep code. */
  pools: Record<string, readonly unknown[]>;
  /** Overrides by property name: e.g. the JSON `filters` of a list. */
  special?: Record<string, fc.Arbitrary<unknown>>;
}

const OPTIONAL_PRESENT = 0.6;

/** A value the schema accepts (given no coercion), biased towards hostile strings and real ids. */
export function validValue(s: Schema, ctx: GenContext, name?: string): fc.Arbitrary<unknown> {
  const special = name ? ctx.special?.[name] : undefined;
  if (special) return special;
  const base = schemaValue(s, ctx, name);
  const pool = name ? (ctx.pools[name] ?? []).filter((v) => conforms(s, v)) : [];
  return pool.length ? fc.oneof({ arbitrary: fc.constantFrom(...pool), weight: 2 }, { arbitrary: base, weight: 1 }) : base;
}

function stringValue(s: Schema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 200;
  if (s.format === 'uuid') return fc.uuid();
  if (s.pattern) {
    const re = new RegExp(s.pattern, 'u');
    return fc
      .stringMatching(new RegExp(s.pattern))
      .map((x) => clip(x, max))
      .filter((x) => codePoints(x) >= min && re.test(x));
  }
  return boundedHostileString(min, max);
}

/** `name` is the property the value is for: array items and anyOf branches draw on its pool too. */
function schemaValue(s: Schema, ctx: GenContext, name?: string): fc.Arbitrary<unknown> {
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.anyOf) return fc.oneof(...s.anyOf.map((b) => validValue(b, ctx, name)));
  const types = typesOf(s);
  if (types.length > 1) return fc.oneof(...types.map((t) => schemaValue({ ...s, type: t }, ctx, name)));
  switch (types[0]) {
    case 'string':
      return stringValue(s);
    case 'integer': {
      const min = s.minimum ?? -(2 ** 31);
      const max = s.maximum ?? 2 ** 31 - 1;
      return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
    }
    case 'number':
      return fc.double({ min: s.minimum ?? -1e12, max: s.maximum ?? 1e12, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = s.minItems ?? 0;
      const maxLength = Math.min(s.maxItems ?? 3, Math.max(minLength, 3));
      return fc.array(s.items ? validValue(s.items, ctx, name) : hostileJson, { minLength, maxLength });
    }
    case 'object': {
      if (!s.properties) {
        // A free object (an auction's config): hostile content, but keys the JSON parser accepts.
        return fc.dictionary(
          shortHostileString.filter((k) => k !== '__proto__' && k !== 'constructor'),
          hostileJson.filter((v) => !JSON.stringify(v ?? null).includes('__proto__') && !JSON.stringify(v ?? null).includes('constructor')),
          { maxKeys: 4 },
        );
      }
      const required = new Set(s.required ?? []);
      const entries = Object.entries(s.properties).map(([k, p]) => {
        const v = validValue(p, ctx, k);
        return required.has(k) ? v.map((x) => [[k, x]] as [string, unknown][]) : fc.option(v.map((x) => [[k, x]] as [string, unknown][]), { nil: [] as [string, unknown][], freq: Math.round(1 / (1 - OPTIONAL_PRESENT)) });
      });
      return fc.tuple(...entries).map((parts) => Object.fromEntries(parts.flat()));
    }
    default:
      return hostileJson;
  }
}

export type Path = (string | number)[];

/** What a request should get back, when the input certainly breaks the schema. */
export interface Expectation {
  status: number;
  message: string | RegExp;
  /** The error catalogue entry the app shows for it. */
  catalogueKey?: string;
}

export interface Mutation {
  kind: string;
  path: Path;
  /** Set for a mutation the schema certainly refuses. */
  expect?: Expectation;
}

interface Site {
  path: Path;
  schema: Schema;
  required: boolean;
  /** Not under anyOf: Ajv's first error is then about this very field. */
  exact: boolean;
}

/** Every field of a valid value that a mutation may target (present ones, and required ones). */
function sitesOf(s: Schema, v: unknown, path: Path, exact: boolean, out: Site[]): void {
  if (s.anyOf) {
    for (const b of s.anyOf) if (conforms(b, v)) sitesOf(b, v, path, false, out);
    return;
  }
  if (s.properties && v && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    for (const [k, p] of Object.entries(s.properties)) {
      if (!(k in o)) continue;
      const child = [...path, k];
      out.push({ path: child, schema: p, required: (s.required ?? []).includes(k), exact });
      sitesOf(p, o[k], child, exact, out);
    }
  }
  if (s.items && Array.isArray(v) && v.length > 0) {
    out.push({ path: [...path, 0], schema: s.items, required: false, exact });
    sitesOf(s.items, v[0], [...path, 0], exact, out);
  }
}

const dotted = (p: Path) => p.join('.');
/** The input guard's answer (server/http/inputGuard.ts); it may name another field holding a NUL. */
const GUARDED = /^Invalid (query|body): \S+ must (be a finite number|not contain the NUL character)$/;
/** An enum or a bound still catches ±Infinity in Ajv; otherwise the guard does. */
const eitherOf = (a: RegExp, b: RegExp) => new RegExp(`${a.source}|${b.source}`);
const invalidAt = (place: 'body' | 'query', p: Path): RegExp => new RegExp(`^Invalid ${place}: ${dotted(p).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `);

/** Replacements for a field, each with whether the schema certainly refuses it. */
interface Replacement {
  kind: string;
  value: fc.Arbitrary<unknown>;
  certain: boolean;
  /** The catalogue entry the answer reads as, when asserted (see `nullableObject`). */
  reads?: string;
}

function replacements(site: Site, place: 'body' | 'query'): Replacement[] {
  const s = site.schema;
  const types = typesOf(s);
  const only = types.length === 1 && !s.anyOf ? types[0] : null;
  const out: Replacement[] = [{ kind: 'hostile', value: place === 'query' ? hostileString : hostileJson, certain: false }];
  if (only === 'string' && s.maxLength !== undefined) {
    out.push({ kind: 'tooLong', value: fc.oneof(fc.constantFrom(...HOSTILE_STRINGS).map((x) => x + 'x'.repeat(s.maxLength! + 1)), fc.constant('😀'.repeat(s.maxLength + 1))), certain: true });
  }
  if (only === 'string' && s.enum) {
    out.push({ kind: 'notInEnum', value: shortHostileString.filter((x) => !s.enum!.includes(x)), certain: true });
  }
  if (only === 'string' && (s.format === 'uuid' || s.pattern) && !s.enum) {
    const re = s.format === 'uuid' ? UUID : new RegExp(s.pattern!, 'u');
    out.push({ kind: 'badFormat', value: shortHostileString.filter((x) => !re.test(x) && codePoints(x) >= (s.minLength ?? 0) && codePoints(x) <= (s.maxLength ?? Infinity)), certain: true });
  }
  if (only === 'integer' && (s.maximum !== undefined || s.minimum !== undefined)) {
    const beyond = [...(s.maximum !== undefined ? [s.maximum + 1, s.maximum * 10 + 7] : []), ...(s.minimum !== undefined ? [s.minimum - 1, s.minimum - 1000] : [])];
    out.push({ kind: 'outOfRange', value: fc.constantFrom(...beyond), certain: true });
  }
  if (only === 'integer' || only === 'number' || only === 'boolean') {
    // A word never coerces to a number or a boolean.
    out.push({ kind: 'wrongType', value: fc.constantFrom('abc', 'não', "1' OR '1'='1", '../1', '😀'), certain: true });
  }
  if (only === 'integer' || only === 'number') {
    // Ajv coerces these to ±Infinity and lets them through; the server's input guard refuses them.
    out.push({ kind: 'nonFinite', value: fc.constantFrom('1e309', '-1e309', 'Infinity'), certain: true });
  }
  if (place === 'body' && (only === 'string' || only === 'integer' || only === 'boolean' || only === 'array')) {
    // An object coerces to none of these.
    out.push({ kind: 'objectForScalar', value: fc.constantFrom({}, { $gt: '' }, { toString: 'x' }), certain: true });
  }
  if (place === 'body' && only === 'object') out.push({ kind: 'scalarForObject', value: fc.constantFrom('x', 1, true), certain: true });
  if (place === 'body' && types.length === 2 && types.includes('null') && ['string', 'integer', 'boolean'].some((t) => types.includes(t))) {
    // The server words it "must be string or nothing" (Ajv's "string,null" read as a processing error).
    out.push({ kind: 'objectForNullable', value: fc.constantFrom({}, [{}]), certain: true });
  }
  for (const r of out) if (r.certain) r.reads = 'invalidInfo';
  return out;
}

/** One mutation of a valid value, with the certain answer when there is one. */
export function mutate(s: Schema, value: unknown, place: 'body' | 'query'): fc.Arbitrary<{ value: unknown; mutation: Mutation }> {
  const sites: Site[] = [];
  sitesOf(s, value, [], understood(s), sites);
  // Required fields the value lacks cannot exist: every required field is generated. Top-level
  // required fields are also droppable sites, listed above.
  const options: fc.Arbitrary<{ value: unknown; mutation: Mutation }>[] = [];
  for (const site of sites) {
    if (site.required) {
      options.push(
        fc.constant({
          value: dropAt(value, site.path),
          mutation: { kind: 'drop', path: site.path, ...(site.exact ? { expect: { status: 400, message: `${dotted(site.path)} is required`, catalogueKey: 'missingInfo' } } : {}) },
        }),
      );
    }
    for (const r of replacements(site, place)) {
      options.push(
        r.value.map((x) => ({
          value: setAt(value, site.path, x),
          mutation: {
            kind: r.kind,
            path: site.path,
            ...(r.certain && site.exact
              ? { expect: { status: 400, message: r.kind === 'nonFinite' ? eitherOf(invalidAt(place, site.path), GUARDED) : invalidAt(place, site.path), catalogueKey: r.reads } }
              : {}),
          },
        })),
      );
    }
  }
  // An extra field: stripped when the schema forbids extras (Fastify's removeAdditional), ignored otherwise.
  options.push(
    fc.tuple(shortHostileString.filter((k) => !(k in (s.properties ?? {}))), hostileJson).map(([k, x]) => ({
      value: value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries([...Object.entries(value), [k, x]]) : value,
      mutation: { kind: 'extra', path: [k] },
    })),
  );
  return fc.oneof(...options);
}

/** A deep copy of plain JSON, keeping markers as they are. */
function cloneJson<T>(v: T): T {
  if (v instanceof Marker) return v;
  if (Array.isArray(v)) return v.map(cloneJson) as T;
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, cloneJson(x)])) as T;
  return v;
}

export function setAt(v: unknown, path: Path, x: unknown): unknown {
  if (path.length === 0) return x;
  const root = cloneJson(v) as Record<string | number, unknown>;
  let cur = root;
  for (const k of path.slice(0, -1)) cur = cur[k] as Record<string | number, unknown>;
  cur[path[path.length - 1]] = x;
  return root;
}

export function dropAt(v: unknown, path: Path): unknown {
  const root = cloneJson(v) as Record<string | number, unknown>;
  let cur = root;
  for (const k of path.slice(0, -1)) cur = cur[k] as Record<string | number, unknown>;
  delete cur[path[path.length - 1]];
  return root;
}
