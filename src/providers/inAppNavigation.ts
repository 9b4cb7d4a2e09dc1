/**
 * Toasts render in antd's holder, outside the router, so a link in a toast cannot use react-router
 * itself. The routes register the router's navigate here; a toast's link calls it, and falls back to
 * a plain page load when nothing is registered.
 */
type InAppNavigate = (to: string, options?: { state?: unknown }) => void;

let navigator: InAppNavigate | null = null;

export const setInAppNavigate = (navigate: InAppNavigate | null): void => {
  navigator = navigate;
};

/** True when the router took the navigation (the caller then prevents the browser's own). */
export const navigateInApp = (to: string, state?: unknown): boolean => {
  if (!navigator) return false;
  navigator(to, { state });
  return true;
};
