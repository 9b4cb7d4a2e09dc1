import { lazy, useState, type ComponentType } from 'react';

type Preloadable<P> = ComponentType<P> & {
  /** Starts loading the module (once); resolves when it is in. */
  preload: () => Promise<unknown>;
};

/**
 * `React.lazy` with a `preload()`, whose component renders at once when its module is already in.
 * `lazy` suspends on its first render even then (it asks for the module only on that render), and
 * React holds back the reveal of a Suspense boundary until 300 ms after its fallback showed: on the
 * login → first list path, through two boundaries, that was ~0.6 s of an idle page (docs/decisions.md).
 * A module not yet in is rendered through `lazy` itself, so everything else behaves as with `lazy`.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (pending ??= load().then((m) => {
      loaded = m.default;
      return m;
    }));
  const Lazy = lazy(preload) as ComponentType<P>;
  const Component = (props: P) => {
    // Chosen once per mount: switching from one to the other later would remount the page.
    const [Page] = useState(() => loaded ?? Lazy);
    return <Page {...props} />;
  };
  return Object.assign(Component, { preload });
}
