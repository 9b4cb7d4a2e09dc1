import { createContext, useCallback, useContext, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * The width of the page area beside the menu, in whole pixels, as the layout measured it; undefined
 * outside the layout, or where nothing is laid out (the component tests' jsdom).
 */
const ContentWidthContext = createContext<number | undefined>(undefined);

export const useContentWidth = (): number | undefined => useContext(ContentWidthContext);

const widthOf = (px: number): number | undefined => (px > 0 ? Math.floor(px) : undefined);

/**
 * Renders `children` (the page) only once the page area's width is known, and follows it as the
 * window or the menu changes. The width is read in a layout effect, when only the layout's own chrome
 * is on the page, and the page is rendered in the same frame, before anything is painted: a list's
 * table is laid out once with its real column widths (issue 17). Measured by its table instead, it
 * rendered a first time for a guessed 1248 px and again, whole, when its ResizeObserver answered.
 */
export const MeasuredContent = ({ children }: { children: ReactNode }) => {
  const box = useRef<HTMLDivElement | null>(null);
  const [state, setState] = useState<{ measured: boolean; width?: number }>({ measured: false });
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    setState({ measured: true, width: widthOf(el.getBoundingClientRect().width) });
    const observer = new ResizeObserver(([entry]) => {
      const width = widthOf(entry.contentRect.width);
      setState((s) => (s.width === width ? s : { measured: true, width }));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const ref = useCallback((el: HTMLDivElement | null) => {
    box.current = el;
  }, []);
  return (
    <div ref={ref}>
      {state.measured && <ContentWidthContext.Provider value={state.width}>{children}</ContentWidthContext.Provider>}
    </div>
  );
};
