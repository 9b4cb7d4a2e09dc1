import { describe, expect, it } from 'vitest';
import { ACCENTED_CHARS, UNACCENTED_CHARS, foldSearchText } from '../../src/domain/search';

describe('foldSearchText', () => {
  it.each([
    ['João', 'joao'],
    ['CONCEIÇÃO', 'conceicao'],
    ['Ângela Müller', 'angela muller'],
    ['ACM-0000593', 'acm-0000593'],
    ['123.456.789-09', '123.456.789-09'],
  ])('%s folds to %s', (input, folded) => expect(foldSearchText(input)).toBe(folded));

  it('maps each accented letter to its plain one, one for one (the SQL translate() relies on it)', () => {
    expect([...ACCENTED_CHARS]).toHaveLength([...UNACCENTED_CHARS].length);
    for (const [i, c] of [...ACCENTED_CHARS].entries()) {
      expect(c.normalize('NFD').replace(/[\u0300-\u036f]/g, '')).toBe(UNACCENTED_CHARS[i]);
    }
  });
});
