import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Fallback while a route's chunk or the session check loads. */
export const PageLoading = () => {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: 240 }} role="status" aria-live="polite">
      <Spin tip={t('app.loading')}>
        <div style={{ width: 120, height: 48 }} />
      </Spin>
    </div>
  );
};
