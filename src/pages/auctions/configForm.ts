/** The configuration form's values and the AuctionConfig they mean, both ways. */
import type { Dayjs } from 'dayjs';
import dayjs from '../../dayjs';
import type { AuctionConfig, AuctionConfigErrors, MinimumPriceKind } from '../../domain';

export interface ConfigFormValues {
  name?: string;
  window?: [Dayjs | null, Dayjs | null] | null;
  /** Contract numbers as typed: one per line (commas, semicolons and spaces also separate). */
  contracts?: string;
  fundIds?: number[];
  playerIds?: number[];
  minimumKind?: MinimumPriceKind;
  /** A number once it reads as one; a money field keeps text it cannot read (MoneyValue), which its rule refuses. */
  minimumValue?: number | string | null;
}

/** Every number typed, in order, repeats kept: a repeat is the user's mistake to see, not to hide. */
export const parseContracts = (text: string | undefined): string[] => (text ?? '').split(/[\s,;]+/).filter(Boolean);

export const toConfig = (v: ConfigFormValues): Partial<AuctionConfig> => ({
  name: (v.name ?? '').trim(),
  startsAt: v.window?.[0]?.toISOString() ?? '',
  endsAt: v.window?.[1]?.toISOString() ?? '',
  contractNumbers: parseContracts(v.contracts),
  fundIds: v.fundIds ?? [],
  playerIds: v.playerIds ?? [],
  ...(v.minimumKind && typeof v.minimumValue === 'number' ? { minimumPrice: { kind: v.minimumKind, value: v.minimumValue } } : {}),
});

export const fromConfig = (c: Partial<AuctionConfig>): ConfigFormValues => ({
  name: c.name ?? '',
  window: c.startsAt || c.endsAt ? [c.startsAt ? dayjs(c.startsAt) : null, c.endsAt ? dayjs(c.endsAt) : null] : null,
  contracts: (c.contractNumbers ?? []).join('\n'),
  fundIds: c.fundIds ?? [],
  playerIds: c.playerIds ?? [],
  minimumKind: c.minimumPrice?.kind ?? 'percent_of_credit',
  minimumValue: c.minimumPrice?.value ?? null,
});

/** Where an error shows: a form field, or `buyers`, the group of both buyer selects. */
type ConfigErrorPlace = keyof ConfigFormValues | 'buyers';

/** The form field that shows each error of validateAuctionConfig (and of the server's `errors`). */
export const ERROR_FIELDS: Readonly<Record<string, ConfigErrorPlace>> = {
  name: 'name',
  startsAt: 'window',
  endsAt: 'window',
  window: 'window',
  contractNumbers: 'contracts',
  // Funds, players or both: shown under the two selects together.
  buyers: 'buyers',
  fundIds: 'buyers',
  playerIds: 'buyers',
  minimumPrice: 'minimumValue',
};

/** The form fields that can carry an error, so a new check replaces every old message. */
export const ERROR_FORM_FIELDS: readonly (keyof ConfigFormValues)[] = ['name', 'window', 'contracts', 'minimumValue'];

/** Errors grouped by form field; the window's two ends share one field, the end's message wins. */
export const errorsByField = (errors: AuctionConfigErrors | Record<string, unknown>): Map<ConfigErrorPlace, string> => {
  const out = new Map<ConfigErrorPlace, string>();
  for (const [key, value] of Object.entries(errors)) {
    const field = ERROR_FIELDS[key] ?? (key.startsWith('config.') ? ERROR_FIELDS[key.slice(7)] : undefined);
    const text = Array.isArray(value) ? value[0] : value;
    if (field && typeof text === 'string' && text && !(field === 'window' && key === 'startsAt' && out.has('window'))) out.set(field, text);
  }
  return out;
};

/** At most this many contract numbers per line of a problem; the rest is counted. */
export const PROBLEM_LIST_MAX = 20;

/** The culprits of a problem as one line's list: "A, B, C e mais 12". */
export const culpritList = (items: readonly (string | number)[], more: (list: string, count: number) => string): string => {
  const shown = items.slice(0, PROBLEM_LIST_MAX).join(', ');
  return items.length > PROBLEM_LIST_MAX ? more(shown, items.length - PROBLEM_LIST_MAX) : shown;
};
