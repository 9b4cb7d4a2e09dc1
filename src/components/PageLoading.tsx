import { useTranslation } from 'react-i18next';

/**
 * Fallback while a route's chunk or the session check loads. Plain markup on purpose: it is in the
 * entry chunk, where antd's Spin would cost every page ~5 KB gzip. `waitingFor` says which (`code`:
 * a Suspense fallback, whose page React then holds back at least 300 ms; `session`: Refine's
 * session check), for the delivery tests.
 */
export const PageLoading = ({ waitingFor }: { waitingFor: 'code' | 'session' }) => {
  const { t } = useTranslation();
  return (
    // 60 % black: the grey it had (#8c8c8c) read 3.1:1 on the page's background (WCAG AA asks 4.5).
    <div role="status" aria-live="polite" aria-busy="true" data-waiting-for={waitingFor} style={{ display: 'grid', placeItems: 'center', minHeight: 240, color: 'rgba(0, 0, 0, 0.6)' }}>
      {t('app.loading')}
    </div>
  );
};
