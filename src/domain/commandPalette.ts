/**
 * The command palette (issue 18, Ctrl/⌘-K): what a typed text matches and in which order. Pure rules;
 * the dialog (src/components/layout/CommandPalette.tsx) gathers the entries the user may open (lists
 * and screens, actions, saved views) and the shares found by contract number.
 */
import { foldSearchText } from './search';

export type PaletteKind = 'contract' | 'list' | 'action' | 'view';

export interface PaletteEntry {
  /** Unique among the entries shown. */
  id: string;
  kind: PaletteKind;
  /** What the option reads ("Listagem", "Novo leilão", "Minhas pendências"). */
  label: string;
  /** Other words that find it ("cotas", "leilao"), besides the label. */
  keywords?: readonly string[];
}

/** The fewest digits worth asking the share list for: fewer would match half the contracts. */
export const CONTRACT_MIN_DIGITS = 3;
/** The longest text read as a contract (longer text is not a contract). */
export const CONTRACT_MAX_LENGTH = 30;
/** Options shown per kind, so one kind never pushes the others out of sight. */
export const PALETTE_LIMIT_PER_KIND = 6;

/** A contract as compared: its letters and digits, upper-case ("acm 0001889" and "ACM-0001889" are one). */
export const contractKey = (text: string): string => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * The contract a typed text may be, as the share list's search takes it: a short letter prefix (the
 * administrator's, "ACM-") and then digits with the usual separators (spaces, dots, dashes,
 * slashes), at least CONTRACT_MIN_DIGITS digits. Anything else (words) is a search for a list or an
 * action, not a contract. Answers the text trimmed and upper-cased, separators kept.
 */
export const contractQuery = (text: string): string | null => {
  const t = text.trim().toUpperCase();
  if (t.length > CONTRACT_MAX_LENGTH || !/^[A-Z]{0,6}[\s./-]*\d[\d\s./-]*$/.test(t)) return null;
  return t.replace(/\D/g, '').length >= CONTRACT_MIN_DIGITS ? t : null;
};

const words = (text: string): string[] => foldSearchText(text).split(/[^a-z0-9]+/).filter(Boolean);

/** `needle`'s characters appear in `hay` in order ("nvlei" in "novo leilao"). */
const isSubsequence = (needle: string, hay: string): boolean => {
  let i = 0;
  for (const c of hay) if (c === needle[i]) i += 1;
  return i === needle.length;
};

/**
 * How well a query matches a text, higher is better, 0 for no match. Capitals and accents never
 * count. Tiers: the whole text (100), its start (80), every query word starts a word of the text (60),
 * a substring (40), the characters in order (10, for four or more typed characters: fewer match
 * almost anything).
 */
export const matchScore = (query: string, text: string): number => {
  const q = foldSearchText(query.trim()).replace(/\s+/g, ' ');
  const h = foldSearchText(text).replace(/\s+/g, ' ');
  if (!q) return 0;
  if (h === q) return 100;
  if (h.startsWith(q)) return 80;
  const qWords = words(q);
  const hWords = words(h);
  if (qWords.length && qWords.every((w) => hWords.some((hw) => hw.startsWith(w)))) return 60;
  if (h.includes(q)) return 40;
  const compact = q.replace(/\s/g, '');
  if (compact.length >= 4 && isSubsequence(compact, h.replace(/\s/g, ''))) return 10;
  return 0;
};

/** An entry's score: its label counts fully, a keyword a little less (the label is what the user reads). */
export const entryScore = (query: string, entry: PaletteEntry): number =>
  Math.max(matchScore(query, entry.label), ...(entry.keywords ?? []).map((k) => matchScore(query, k) - 5), 0);

/** Which kind comes first when scores tie: what the user is likeliest to be after. */
const KIND_ORDER: Record<PaletteKind, number> = { contract: 0, list: 1, view: 2, action: 3 };

/**
 * The entries a query shows, best first: ties keep lists before views before actions, then A to Z.
 * An empty query shows every entry in that order (the palette as a menu). At most `perKind` of each
 * kind.
 */
export const rankEntries = <E extends PaletteEntry>(entries: readonly E[], query: string, perKind = PALETTE_LIMIT_PER_KIND): E[] => {
  const empty = !query.trim();
  const scored = entries
    .map((entry, index) => ({ entry, index, score: empty ? 1 : entryScore(query, entry) }))
    .filter((s) => s.score > 0)
    .sort(
      (a, b) =>
        b.score - a.score ||
        KIND_ORDER[a.entry.kind] - KIND_ORDER[b.entry.kind] ||
        (empty ? a.index - b.index : a.entry.label.localeCompare(b.entry.label, 'pt-BR')),
    );
  const taken = new Map<PaletteKind, number>();
  return scored
    .filter(({ entry }) => {
      const n = taken.get(entry.kind) ?? 0;
      taken.set(entry.kind, n + 1);
      return n < perKind;
    })
    .map((s) => s.entry);
};

/**
 * Contracts found for a typed contract, best first: the exact number, then those it starts, then
 * those it ends (the digits without the prefix), then the rest in the order the list answered.
 */
export const rankContracts = <C extends { contractNumber: string }>(found: readonly C[], typed: string): C[] => {
  const key = contractKey(typed);
  const rank = (c: C) => {
    const n = contractKey(c.contractNumber);
    return n === key ? 0 : n.startsWith(key) ? 1 : n.endsWith(key) ? 2 : 3;
  };
  return found.map((c, i) => ({ c, i, r: rank(c) })).sort((a, b) => a.r - b.r || a.i - b.i).map((x) => x.c);
};

/**
 * The option the arrow keys move to from `active` (-1: none yet) among `count` options, wrapping
 * around; Home and End go to the ends.
 */
export const moveActive = (active: number, count: number, key: 'ArrowDown' | 'ArrowUp' | 'Home' | 'End'): number => {
  if (count <= 0) return -1;
  switch (key) {
    case 'ArrowDown':
      return active < 0 || active >= count - 1 ? 0 : active + 1;
    case 'ArrowUp':
      return active <= 0 ? count - 1 : active - 1;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
  }
};
