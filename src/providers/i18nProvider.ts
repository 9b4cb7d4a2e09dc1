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

/** Translates outside React (providers, notifications). */
export const t = (key: string, options?: Record<string, unknown>): string => i18n.t(key, options) as string;

export const i18nProvider: I18nProvider = {
  translate: (key, options, defaultMessage) => {
    const opts = typeof options === 'object' && options !== null ? options : {};
    // Refine asks for its own keys with an English default; a key we never wrote falls back to it
    // rather than showing the bare key.
    // `opts` matter to exists(): a plural key lives as key_one/key_other, found only with a count.
    return i18n.exists(key, opts) ? (i18n.t(key, opts) as string) : (defaultMessage ?? key);
  },
  changeLocale: (locale) => i18n.changeLanguage(locale),
  getLocale: () => i18n.language,
};
