import type { I18nProvider } from '@refinedev/core';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ptBR } from '../i18n/pt-BR';

export const LOCALE = 'pt-BR';

/** One instance for the app; components may use Refine's useTranslate or react-i18next's hooks. */
export const i18n = i18next.createInstance();

// Resources are bundled, so initialisation is synchronous and the first render is already translated.
void i18n.use(initReactI18next).init({
  lng: LOCALE,
  fallbackLng: LOCALE,
  supportedLngs: [LOCALE],
  resources: { [LOCALE]: { translation: ptBR } },
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/**
 * Texts looked up without options, by key (and the fallback asked for): the same until the language
 * or the resources change. i18next resolves every call anew, and a list's render makes over a
 * thousand such calls (column titles, filters, Refine's buttons): ~20 ms of a login's render in a
 * CPU profile (issue 17).
 */
const plain = new Map<string, string>();
const forget = () => plain.clear();
i18n.on('languageChanged', forget);
// Bundles arrive later with their pages (loadWorkspaceMessages): a key looked up before had its fallback.
i18n.store.on('added', forget);
i18n.store.on('removed', forget);

const hasOptions = (options: unknown): options is Record<string, unknown> =>
  typeof options === 'object' && options !== null && Object.keys(options).length > 0;

const remembered = (key: string, resolve: () => string): string => {
  let text = plain.get(key);
  if (text === undefined) plain.set(key, (text = resolve()));
  return text;
};

/** Translates outside React (providers, notifications). */
export const t = (key: string, options?: Record<string, unknown>): string =>
  hasOptions(options) ? (i18n.t(key, options) as string) : remembered(key, () => i18n.t(key) as string);

export const i18nProvider: I18nProvider = {
  translate: (key, options, defaultMessage) => {
    // Refine asks for its own keys with an English default; a key we never wrote falls back to it
    // rather than showing the bare key.
    // Options matter to exists(): a plural key lives as key_one/key_other, found only with a count.
    const lookup = (opts: Record<string, unknown>) => (i18n.exists(key, opts) ? (i18n.t(key, opts) as string) : (defaultMessage ?? key));
    return hasOptions(options) ? lookup(options) : remembered(`${key}\u0000${defaultMessage ?? ''}`, () => lookup({}));
  },
  changeLocale: (locale) => i18n.changeLanguage(locale),
  getLocale: () => i18n.language,
};
