import { CanAccess, useTranslate } from '@refinedev/core';
import { Alert, Button, Empty, Skeleton, theme } from 'antd';
import { Suspense, lazy, useMemo } from 'react';
import { AlertIcon } from '../../components/AlertIcon';
import { localTimeZone, type DashboardSummary } from '../../domain';
import { useApiQuery } from '../../hooks/useApi';
import '../../i18n/loadDashboardMessages';
import { errorText } from '../../providers/notificationProvider';

// The figures' code is a chunk of its own: neither the login nor the lists download it
// (bench/bundle.ts). It is asked for as this page's code runs, not when the page first renders: a
// login that lands here brings the page's code while the user types, and now the figures' with it
// (issue 17), where asked for on render they came a round trip after the login's answer.
const loadCharts = () => import('./DashboardCharts');
void loadCharts().catch(() => undefined);
const DashboardCharts = lazy(loadCharts);

/**
 * /painel, every profile's home (issue 18): the user's own shares per state, per process step and
 * by time in their state, moves per day, open pendencies and auctions, each figure a link to the
 * list filtered to it. One call (GET /dashboard/summary).
 */
const DashboardPage = () => {
  const t = useTranslate();
  const { token } = theme.useToken();
  const tz = useMemo(() => localTimeZone(), []);
  const { data, error, isLoading, refetch } = useApiQuery<DashboardSummary>('dashboard.summary', { tz });
  const loading = (
    <div role="status" aria-label={t('dashboard.loading')}>
      <Skeleton active paragraph={{ rows: 8 }} />
    </div>
  );
  return (
    <CanAccess action="dashboard.read" fallback={<Alert type="warning" showIcon icon={<AlertIcon type="warning" />} message={t('forbiddenPage.title')} />}>
      <h1 style={{ fontSize: token.fontSizeHeading3, fontWeight: 600, margin: '0 0 16px', color: token.colorTextHeading }}>{t('dashboard.title')}</h1>
      {error ? (
        <Alert
          type="error"
          showIcon
          icon={<AlertIcon type="error" />}
          role="alert"
          message={t('dashboard.loadError')}
          description={errorText(error.message ?? '')}
          action={
            <Button size="small" onClick={() => void refetch()}>
              {t('app.retry')}
            </Button>
          }
        />
      ) : isLoading || !data ? (
        loading
      ) : data.total.exact && data.total.count === 0 ? (
        // A new brand: one sentence that says why the page is empty, not a wall of zero bars.
        <Empty description={<><strong>{t('dashboard.empty.title')}</strong><br />{t('dashboard.empty.description')}</>} />
      ) : (
        <Suspense fallback={loading}>
          <DashboardCharts summary={data} />
        </Suspense>
      )}
    </CanAccess>
  );
};

export default DashboardPage;
