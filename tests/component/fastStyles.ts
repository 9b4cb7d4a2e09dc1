/**
 * jsdom's getComputedStyle tries every CSS rule of the document on the element (and on each
 * ancestor, for inherited properties). antd's CSS-in-JS puts about 2,400 rules in a page, more than
 * the 1,024 selectors @asamuzakjp/dom-selector keeps in its cache, so every try re-parses its
 * selector: one getComputedStyle cost a third of a second, and user-event (pointer-events check),
 * getByRole (hidden check) and antd's popups call it thousands of times per test — three quarters
 * of the component tests' CPU time.
 *
 * This puts a cheap, exact pre-check in front of jsdom's per-rule match, as browsers do with their
 * rule hashes: a selector can only match an element that has every class, the id and the tag of its
 * last compound selector (in at least one of its comma-separated alternatives). Rules that fail it
 * are skipped without asking dom-selector; the others go through jsdom's own matching unchanged, so
 * every computed style is what jsdom computed before, only sooner.
 */

interface Need {
  tag: string | null;
  id: string | null;
  classes: string[];
}

/** null: some alternative has nothing to require (e.g. `*`, `[type=text]`), so always ask jsdom. */
type Needs = Need[] | null;

const IDENT = /^-?[_a-zA-Z\u00a0-\uffff][-\w\u00a0-\uffff]*/;

/** Splits at top-level occurrences of `sep` (not inside (), [] or quotes). */
function splitTop(text: string, isSep: (c: string) => boolean): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0 && isSep(c)) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** What the last compound selector of one alternative requires, or null when it requires nothing we check. */
function needOf(alternative: string): Need | null {
  const compounds = splitTop(alternative.trim(), (c) => c === ' ' || c === '>' || c === '+' || c === '~' || c === '\n' || c === '\t').filter(Boolean);
  const last = compounds[compounds.length - 1];
  if (!last) return null;
  const need: Need = { tag: null, id: null, classes: [] };
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < last.length; i++) {
    const c = last[i];
    if (quote) {
      if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0 && (c === '.' || c === '#')) {
      const m = IDENT.exec(last.slice(i + 1));
      if (!m) return null;
      if (c === '.') need.classes.push(m[0]);
      else need.id = m[0];
      i += m[0].length;
    } else if (depth === 0 && i === 0 && c !== '*' && c !== ':') {
      const m = IDENT.exec(last);
      if (m) {
        need.tag = m[0].toLowerCase();
        i += m[0].length - 1;
      }
    }
  }
  return need.tag || need.id || need.classes.length ? need : null;
}

function needsOf(selector: string): Needs {
  // Escapes, namespaces and anything unusual: no pre-check.
  if (/[\\|]/.test(selector)) return null;
  const needs: Need[] = [];
  for (const alternative of splitTop(selector, (c) => c === ',')) {
    const need = needOf(alternative);
    if (!need) return null;
    needs.push(need);
  }
  return needs.length ? needs : null;
}

interface ElementImpl {
  localName: string;
  getAttributeNS(ns: string | null, name: string): string | null;
}

const classCache = new WeakMap<ElementImpl, { attr: string; set: Set<string> }>();
const classesOf = (el: ElementImpl): Set<string> => {
  const attr = el.getAttributeNS(null, 'class') ?? '';
  const cached = classCache.get(el);
  if (cached && cached.attr === attr) return cached.set;
  const set = new Set(attr.split(/[\t\n\f\r ]+/).filter(Boolean));
  classCache.set(el, { attr, set });
  return set;
};

const mayMatch = (needs: Need[], el: ElementImpl): boolean =>
  needs.some((n) => {
    if (n.tag && n.tag !== el.localName.toLowerCase()) return false;
    if (n.id && n.id !== el.getAttributeNS(null, 'id')) return false;
    if (n.classes.length) {
      const classes = classesOf(el);
      for (const c of n.classes) if (!classes.has(c)) return false;
    }
    return true;
  });

type Check = (selector: string, node: ElementImpl, opt?: object) => { match: boolean; ast: unknown; pseudoElement: string | null };

/** Verify mode: rules the pre-check skipped although jsdom says they match (must stay empty). */
export const skippedMatches: string[] = [];

const NO_MATCH = Object.freeze({ match: false, ast: null, pseudoElement: null });

/** Installs the pre-check on this window's document; `verify` also runs jsdom's check and throws on any difference. */
export function speedUpComputedStyle(doc: Document, { verify = false } = {}): void {
  // Class and id selectors are case-insensitive in quirks mode: leave such documents alone.
  if (doc.compatMode !== 'CSS1Compat') return;
  const implKey = Object.getOwnPropertySymbols(doc).find((s) => s.description === 'impl');
  const impl = implKey ? (doc as unknown as Record<symbol, { _domSelector?: { check?: Check } }>)[implKey] : undefined;
  const domSelector = impl?._domSelector;
  if (!domSelector || typeof domSelector.check !== 'function') return;
  const check = domSelector.check;
  const cache = new Map<string, Needs>();
  domSelector.check = (selector, node, opt) => {
    let needs = cache.get(selector);
    if (needs === undefined) {
      needs = needsOf(selector);
      cache.set(selector, needs);
    }
    if (needs && node && typeof node.getAttributeNS === 'function' && !mayMatch(needs, node)) {
      if (verify) {
        const real = check(selector, node, opt);
        // jsdom swallows what its matcher throws: keep the miss for the test's afterEach instead.
        if (real?.match) skippedMatches.push(`${selector} on <${node.localName} class="${node.getAttributeNS(null, 'class')}">`);
      }
      return NO_MATCH;
    }
    return check(selector, node, opt);
  };
}
