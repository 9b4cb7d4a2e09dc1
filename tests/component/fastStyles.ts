/**
 * jsdom's getComputedStyle tries every CSS rule of the document on the element (and on each
 * ancestor, for inherited properties). antd's CSS-in-JS puts about 2,400 rules in a page, more than
 * the 1,024 selectors @asamuzakjp/dom-selector keeps in its cache, so every try re-parses its
 * selector: one getComputedStyle cost a third of a second, and user-event (pointer-events check),
 * getByRole (hidden check) and antd's popups call it thousands of times per test — three quarters
 * of the component tests' CPU time.
 *
 * This puts a cheap, exact pre-check in front of jsdom's per-rule match, as browsers do with their
 * rule hashes: a selector can only match an element that has every class, the id, the tag and the
 * attributes of its last compound selector (or, when that is `*`, whose parent or some ancestor
 * meets the compound before it), in at least one of its comma-separated alternatives. Rules that
 * fail it are skipped without asking dom-selector; the others go through jsdom's own matching
 * unchanged, so every computed style is what jsdom computed before, only sooner. Every test must also
 * pass with FAST_STYLES=verify (see setup.ts), which asks jsdom about each skipped rule as well.
 */

interface AttrNeed {
  name: string;
  /** For `class` only (case-sensitive outside quirks mode): the operator and value to test. */
  op?: string;
  value?: string;
}

interface Need {
  tags: string[] | null;
  id: string | null;
  classes: string[];
  attrs: AttrNeed[];
  /** `A > B` where B requires nothing: the parent must meet A's needs. */
  parent?: Need;
  /** `A B` where B requires nothing: some ancestor must meet A's needs. */
  ancestor?: Need;
}

/** null: some alternative has nothing to require (e.g. `*`, `:focus-visible`), so always ask jsdom. */
type Needs = Need[] | null;

const IDENT = /^-?[_a-zA-Z\u00a0-\uffff][-\w\u00a0-\uffff]*/;
const ATTR = /^\s*([-\w]+)\s*(?:([~^$*]?=)\s*(?:"([^"]*)"|'([^']*)'|([^\s"'\]]+))\s*([iIsS])?)?\s*$/;
const TAG_LIST = /^\s*[a-zA-Z][-\w]*(?:\s*,\s*[a-zA-Z][-\w]*)*\s*$/;
const LINK_PSEUDO = /^:(?:link|visited|any-link)(?![-\w(])/;

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

const isCombinatorChar = (c: string) => c === ' ' || c === '>' || c === '+' || c === '~' || c === '\n' || c === '\t' || c === '\r' || c === '\f';

/** The compound selectors of one alternative, each with the combinator before it (' ', '>', '+', '~'). */
function compoundsOf(alternative: string): { text: string; combinator: string | null }[] {
  const out: { text: string; combinator: string | null }[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = -1;
  let gap = '';
  const text = alternative.trim();
  for (let i = 0; i <= text.length; i++) {
    const c = text[i];
    const top = !quote && depth === 0;
    if (i === text.length || (top && isCombinatorChar(c))) {
      if (start >= 0) {
        out.push({ text: text.slice(start, i), combinator: out.length ? (gap.includes('>') ? '>' : gap.includes('+') ? '+' : gap.includes('~') ? '~' : ' ') : null });
        start = -1;
        gap = '';
      }
      if (c !== undefined) gap += c;
      continue;
    }
    if (start < 0) start = i;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
  }
  return out;
}

/** What one compound selector requires of the element it matches, or null when nothing we check. */
function compoundNeed(compound: string): Need | null {
  const need: Need = { tags: null, id: null, classes: [], attrs: [] };
  let depth = 0;
  let quote: string | null = null;
  let open = -1;
  for (let i = 0; i < compound.length; i++) {
    const c = compound[i];
    if (quote) {
      if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') {
      if (depth === 0) open = i;
      depth++;
    } else if (c === ')' || c === ']') {
      depth--;
      if (depth === 0 && c === ']') {
        const m = ATTR.exec(compound.slice(open + 1, i));
        if (m) {
          const name = m[1].toLowerCase();
          const value = m[3] ?? m[4] ?? m[5];
          need.attrs.push(name === 'class' && m[2] && !m[6] && value !== undefined ? { name, op: m[2], value } : { name });
        }
      } else if (depth === 0 && c === ')') {
        // `:is(a, b)` / `:where(ol, ul)` made of tag names only: one of those tags.
        const fn = /:(?:is|where|matches)\($/.exec(compound.slice(0, open + 1));
        const args = compound.slice(open + 1, i);
        if (fn && fn.index === 0 && TAG_LIST.test(args)) need.tags = args.split(',').map((t) => t.trim().toLowerCase());
      }
    } else if (depth === 0 && (c === '.' || c === '#')) {
      const m = IDENT.exec(compound.slice(i + 1));
      if (!m) return null;
      if (c === '.') need.classes.push(m[0]);
      else need.id = m[0];
      i += m[0].length;
    } else if (depth === 0 && c === ':' && LINK_PSEUDO.test(compound.slice(i)) && !need.tags) {
      need.tags = ['a', 'area'];
    } else if (depth === 0 && i === 0 && c !== '*' && c !== ':') {
      const m = IDENT.exec(compound);
      if (m) {
        need.tags = [m[0].toLowerCase()];
        i += m[0].length - 1;
      }
    }
  }
  return need.tags || need.id || need.classes.length || need.attrs.length ? need : null;
}

/** What the last compound of one alternative requires, or failing that its parent or an ancestor. */
function needOf(alternative: string): Need | null {
  const compounds = compoundsOf(alternative);
  const last = compounds[compounds.length - 1];
  if (!last) return null;
  const own = compoundNeed(last.text);
  if (own) return own;
  const before = compounds[compounds.length - 2];
  const previous = before ? compoundNeed(before.text) : null;
  if (!previous) return null;
  if (last.combinator === '>') return { tags: null, id: null, classes: [], attrs: [], parent: previous };
  if (last.combinator === ' ') return { tags: null, id: null, classes: [], attrs: [], ancestor: previous };
  return null;
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

interface AttrImpl {
  _namespace: string | null;
  _localName: string;
}

interface ElementImpl {
  localName: string;
  parentNode: unknown;
  _attributeList?: AttrImpl[];
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

/** Attribute names match case-insensitively on HTML elements: accept either way (a weaker test is still exact). */
const hasAttr = (el: ElementImpl, name: string): boolean => {
  if (el.getAttributeNS(null, name) !== null) return true;
  const list = el._attributeList;
  if (!Array.isArray(list)) return true;
  return list.some((a) => a._namespace === null && a._localName.toLowerCase() === name);
};

const classValueOk = (el: ElementImpl, op: string, value: string): boolean => {
  const v = el.getAttributeNS(null, 'class');
  if (v === null) return true;
  switch (op) {
    case '=':
      return v === value;
    case '^=':
      return v.startsWith(value);
    case '$=':
      return v.endsWith(value);
    case '*=':
      return v.includes(value);
    case '~=':
      return classesOf(el).has(value);
    default:
      return true;
  }
};

const isElement = (n: unknown): n is ElementImpl => !!n && typeof (n as ElementImpl).getAttributeNS === 'function' && typeof (n as ElementImpl).localName === 'string';

const meets = (n: Need, el: ElementImpl): boolean => {
  if (n.tags && !n.tags.includes(el.localName.toLowerCase())) return false;
  if (n.id && n.id !== el.getAttributeNS(null, 'id')) return false;
  if (n.classes.length) {
    const classes = classesOf(el);
    for (const c of n.classes) if (!classes.has(c)) return false;
  }
  for (const a of n.attrs) {
    if (!hasAttr(el, a.name)) return false;
    if (a.op && a.value !== undefined && !classValueOk(el, a.op, a.value)) return false;
  }
  if (n.parent) {
    const p = el.parentNode;
    if (!isElement(p) || !meets(n.parent, p)) return false;
  }
  if (n.ancestor) {
    let p = el.parentNode;
    while (isElement(p) && !meets(n.ancestor, p)) p = p.parentNode;
    if (!isElement(p)) return false;
  }
  return true;
};

const mayMatch = (needs: Need[], el: ElementImpl): boolean => needs.some((n) => meets(n, el));

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
    if (needs && isElement(node) && !mayMatch(needs, node)) {
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
