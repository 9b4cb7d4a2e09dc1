import { describe, expect, it } from 'vitest';
import { ptBR } from '../../src/i18n/pt-BR';
import { ptBRWorkspace } from '../../src/i18n/pt-BR.workspace';
import { LOCALE, i18n, i18nProvider, t as appT } from '../../src/providers/i18nProvider';
import '../../src/i18n/loadWorkspaceMessages';

const t = (key: string, options?: Record<string, unknown>) => i18nProvider.translate(key, options);

describe('Portuguese counts', () => {
  it('agree in number and group thousands with a dot', () => {
    expect(t('shares.total', { count: 1 })).toBe('1 cota');
    expect(t('shares.total', { count: 0 })).toBe('0 cotas');
    expect(t('shares.total', { count: 3000 })).toBe('3.000 cotas');
    expect(t('app.total', { count: 1 })).toBe('1 registro');
    expect(t('bulk.selected', { count: 1 })).toBe('1 selecionada');
    expect(t('bulk.selected', { count: 12 })).toBe('12 selecionadas');
  });
});

describe('Remembered texts', () => {
  it('follow a bundle added after the first lookup (a page chunk’s messages)', () => {
    expect(i18nProvider.translate('lateBundle.title', undefined, 'Late title')).toBe('Late title');
    expect(appT('lateBundle.title')).toBe('lateBundle.title');
    i18n.addResourceBundle(LOCALE, 'translation', { lateBundle: { title: 'Título tardio' } }, true, false);
    expect(i18nProvider.translate('lateBundle.title', undefined, 'Late title')).toBe('Título tardio');
    expect(appT('lateBundle.title')).toBe('Título tardio');
    i18n.removeResourceBundle(LOCALE, 'translation');
    expect(appT('lateBundle.title')).toBe('lateBundle.title');
    i18n.addResourceBundle(LOCALE, 'translation', ptBR, true, false);
    i18n.addResourceBundle(LOCALE, 'translation', ptBRWorkspace, true, false);
    expect(appT('shareState.with_pendency')).toBe('Com pendência');
  });

  it('are asked for anew when options are given', () => {
    expect(appT('shares.total', { count: 2 })).toBe('2 cotas');
    expect(appT('shares.total', { count: 1 })).toBe('1 cota');
  });
});
