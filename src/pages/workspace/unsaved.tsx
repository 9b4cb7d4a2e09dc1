/**
 * Unsaved edits in the workspace's forms (issue 13: pages that do not lose work). Each form reports
 * when the user changes it and when it is saved; while any is changed, Refine's warnWhen is on and
 * its UnsavedChangesNotifier asks before the page is left: a link or a menu entry in the app, a tab
 * of the workspace (tabs are navigations, `?aba=`), closing or reloading the browser tab.
 */
import { useTranslate, useWarnAboutChange } from '@refinedev/core';
import { UnsavedChangesNotifier } from '@refinedev/react-router';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

interface UnsavedRegistry {
  mark: (form: string, dirty: boolean) => void;
}

const UnsavedContext = createContext<UnsavedRegistry | null>(null);

export const UnsavedChangesScope = ({ children }: { children: ReactNode }) => {
  const t = useTranslate();
  const { setWarnWhen } = useWarnAboutChange();
  const dirty = useRef(new Set<string>());
  const [count, setCount] = useState(0);
  const { search } = useLocation();

  const mark = useCallback((form: string, isDirty: boolean) => {
    const forms = dirty.current;
    if (forms.has(form) === isDirty) return;
    if (isDirty) forms.add(form);
    else forms.delete(form);
    setCount(forms.size);
  }, []);

  // Again after each tab change: confirming the question turns the warning off, but the edits are
  // still in their form (tabs stay mounted), so leaving the share must ask again.
  useEffect(() => {
    setWarnWhen(count > 0);
  }, [count, search, setWarnWhen]);
  useEffect(() => () => setWarnWhen(false), [setWarnWhen]);

  const registry = useMemo(() => ({ mark }), [mark]);
  return (
    <UnsavedContext.Provider value={registry}>
      <UnsavedChangesNotifier message={t('workspace.unsavedChanges')} translationKey="workspace.unsavedChanges" />
      {children}
    </UnsavedContext.Provider>
  );
};

/**
 * For one form: `changed` goes to the form's onValuesChange (user edits only, never the values a
 * record loads), `saved` after a successful save or a discard.
 */
export const useUnsavedForm = (form: string) => {
  const registry = useContext(UnsavedContext);
  useEffect(() => () => registry?.mark(form, false), [registry, form]);
  return useMemo(
    () => ({
      changed: () => registry?.mark(form, true),
      saved: () => registry?.mark(form, false),
    }),
    [registry, form],
  );
};
