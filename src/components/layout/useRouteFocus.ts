import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** The id of the page's <main>: the skip link's target and where focus looks for the heading. */
export const MAIN_ID = 'conteudo';

/** How long a new page may take to show its heading (lazy code, then data) before focus gives up. */
const WAIT_MS = 8_000;

const focusable = (el: HTMLElement): HTMLElement => {
  // A heading or a row is not focusable by itself: -1 lets the script focus it without adding a tab stop.
  if (el.tabIndex < 0 && !el.matches('a[href], button, input, select, textarea, [tabindex]')) el.tabIndex = -1;
  return el;
};

/**
 * Focus after a move between pages (issue 14). A keyboard or screen-reader user lands on the new
 * page's heading instead of on <body>, where the next Tab would restart at the top of the document.
 * On Back and Forward the list row that had focus when the user left (the row they opened) gets it
 * back once the list shows it again. Only a change of page counts: a list rewriting its query
 * (filters, sort, page) keeps the focus where the user is typing.
 */
export function useRouteFocus(): void {
  const { pathname, key } = useLocation();
  const navigation = useNavigationType();
  const currentKey = useRef(key);
  useEffect(() => {
    currentKey.current = key;
  }, [key]);
  /** History entry → the data-row-key of the row last focused or clicked there. */
  const rows = useRef(new Map<string, string>());
  const firstPage = useRef(true);

  useEffect(() => {
    const remember = (e: Event) => {
      const row = (e.target as Element | null)?.closest?.('tr[data-row-key]');
      const rowKey = row?.getAttribute('data-row-key');
      if (rowKey) rows.current.set(currentKey.current, rowKey);
    };
    document.addEventListener('focusin', remember);
    document.addEventListener('pointerdown', remember);
    return () => {
      document.removeEventListener('focusin', remember);
      document.removeEventListener('pointerdown', remember);
    };
  }, []);

  useEffect(() => {
    // The first page of a visit keeps the browser's own start (the top of the document).
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    const rowKey = navigation === 'POP' ? rows.current.get(key) : undefined;
    const target = (): HTMLElement | null => {
      if (rowKey) {
        const row = main.querySelector<HTMLElement>(`tr[data-row-key="${CSS.escape(rowKey)}"]`);
        return row?.querySelector<HTMLElement>('a[href]') ?? row ?? null;
      }
      return main.querySelector<HTMLElement>('h1');
    };
    const deadline = Date.now() + WAIT_MS;
    let frame = 0;
    const attempt = () => {
      const el = target();
      // Someone who already moved focus into the page (a click, an autofocus) keeps it.
      if (main.contains(document.activeElement) && document.activeElement !== main) return;
      if (el) focusable(el).focus({ preventScroll: !rowKey });
      else if (Date.now() < deadline) frame = requestAnimationFrame(attempt);
      else focusable(main).focus({ preventScroll: true });
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
    // Only a new page: `key` changes with every query rewrite too.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}
