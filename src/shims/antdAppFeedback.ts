/**
 * Stand-ins for the modal and message hooks that antd's <App> creates for every page (13 KB and
 * 3.5 KB gzip on the login page and the first list). The app toasts through `notification` only;
 * the pages that confirm get a real `modal` from src/components/ModalScope.tsx. Swapped in by
 * scripts/build/standIns.ts for antd/es/app/App.js's imports only, in the build, the dev server and
 * the component tests. A page that calls `modal` or `message` outside a scope fails loudly.
 */
const refuse = (what: string) => () => {
  throw new Error(`antd's ${what} is not part of <App> in this build: wrap the page in <ModalScope> (src/components/ModalScope.tsx)`);
};

const api = (what: string) =>
  new Proxy({}, { get: (_target, key) => (key === 'then' ? undefined : refuse(`${what}.${String(key)}`)) });

export const useModal = () => [api('modal'), null] as const;
export const useMessage = () => [api('message'), null] as const;
