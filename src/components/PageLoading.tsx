import { useTranslation } from 'react-i18next';

/**
 * Fallback while a route's chunk or the session check loads. Plain markup on purpose: it is in the
 * entry chunk, where antd's Spin would cost every page ~5 KB gzip.
 */
export const PageLoading = () => {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" style={{ display: 'grid', placeItems: 'center', minHeight: 240, color: '#8c8c8c' }}>
      {t('app.loading')}
    </div>
  );
};
