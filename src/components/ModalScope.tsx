import AppContext from 'antd/es/app/context';
import useModal from 'antd/es/modal/useModal';
import { useContext, useMemo, type ReactNode } from 'react';

/**
 * Gives the pages that confirm (workspace, auction, the list's bulk bar) antd's `modal`, which the
 * app-wide <App> leaves out of the build to keep it off the login and the lists (scripts/build/standIns.ts,
 * src/shims/antdAppFeedback.ts). Inside, `App.useApp().modal.confirm` works as usual, themed and
 * localised by the surrounding ConfigProvider.
 */
export const ModalScope = ({ children }: { children: ReactNode }) => {
  const parent = useContext(AppContext);
  const [modal, holder] = useModal();
  const value = useMemo(() => ({ ...parent, modal }), [parent, modal]);
  return (
    <AppContext.Provider value={value}>
      {holder}
      {children}
    </AppContext.Provider>
  );
};
