import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../src/providers/i18nProvider';
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
