/**
 * Folding of free text for search: lower case without accents, so "joao" finds "João". The
 * database folds the stored text with the same table (a `translate()` in the shares' generated
 * `search` column, which keeps it immutable and trigram-indexable) and the API folds the query.
 */
export const ACCENTED_CHARS = 'áàâãäåéèêëíìîïóòôõöúùûüçñý';
export const UNACCENTED_CHARS = 'aaaaaaeeeeiiiiooooouuuucny';

export const foldSearchText = (text: string): string =>
  [...text.toLowerCase()]
    .map((c) => {
      const i = ACCENTED_CHARS.indexOf(c);
      return i >= 0 ? UNACCENTED_CHARS[i] : c;
    })
    .join('');

/** The longest search the lists accept (after trimming): the server answers 400 beyond, the search box says so first. */
export const SEARCH_MAX_LENGTH = 100;
