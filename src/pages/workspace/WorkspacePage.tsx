import { useTranslate } from '@refinedev/core';
import { Alert, Button, Result, Skeleton, Tabs, type TabsProps } from 'antd';
import { useMemo, type ComponentProps } from 'react';
import '../../i18n/loadWorkspaceMessages';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { can, type ShareDetail } from '../../domain';
import { FEATURE_FLAGS } from '../../domain/featureFlags';
import { useGrantee } from '../../hooks/useSession';
import { ModalScope } from '../../components/ModalScope';
import { useShare } from '../../hooks/useShareWorkspace';
import { SHARE_LIST_ROUTE } from '../../providers/authProvider';
import { errorText } from '../../providers/notificationProvider';
import { LiveNotice } from './LiveNotice';
import { WorkspaceHeader } from './WorkspaceHeader';
import { SummaryTab } from './SummaryTab';
import { TAB_PARAM, WORKSPACE_TABS, tabOfParam, type WorkspaceTab } from '../../domain/workspacePaths';
import { UnsavedChangesScope } from './unsaved';

// One chunk for the whole workspace: split per tab, each chunk would share antd modules with the
// list and the bundler would cut those into many small shared chunks that the list then downloads
// one by one (measured: +17 KB gzip on the first list). The sections are small next to antd.
import BankTab from './BankTab';
import CancellationsTab from './CancellationsTab';
import CompanyTab from './CompanyTab';
import DocumentsTab from './DocumentsTab';
import PendenciesTab from './PendenciesTab';
import ProposalsTab from './ProposalsTab';
import ResponsibleTab from './ResponsibleTab';
import RiskReportTab from './RiskReportTab';
import SignersTab from './SignersTab';
import BulkActionsBar from './BulkActions';
import { AlertIcon } from '../../components/AlertIcon';

export const ShareNotFound = ({ contractNumber }: { contractNumber: string }) => {
  const t = useTranslate();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('workspace.notFound')}
      subTitle={t('workspace.notFoundDetail', { contractNumber })}
      extra={
        <Button type="primary" onClick={() => navigate(SHARE_LIST_ROUTE)}>
          {t('workspace.back')}
        </Button>
      }
    />
  );
};

const Workspace = ({ share }: { share: ShareDetail }) => {
  const t = useTranslate();
  const who = useGrantee();
  const [params, setParams] = useSearchParams();
  const items = useMemo(() => {
    const tabs: (NonNullable<TabsProps['items']>[number] & { key: WorkspaceTab })[] = [
      { key: 'summary', label: t('workspace.tabs.summary'), children: <SummaryTab share={share} /> },
      { key: 'signers', label: t('workspace.tabs.signers'), children: <SignersTab share={share} /> },
    ];
    if (share.isPj) tabs.push({ key: 'company', label: t('workspace.tabs.company'), children: <CompanyTab share={share} /> });
    if (can(who, 'bank.read')) tabs.push({ key: 'bank', label: t('workspace.tabs.bank'), children: <BankTab share={share} /> });
    tabs.push({ key: 'proposals', label: t('workspace.tabs.proposals'), children: <ProposalsTab share={share} /> });
    tabs.push({ key: 'documents', label: t('workspace.tabs.documents'), children: <DocumentsTab share={share} /> });
    // Every share has the tab (an empty one says so): a link to ?aba=pendencias opens it whatever the share's state.
    if (can(who, 'pendency.read')) tabs.push({ key: 'pendencies', label: t('workspace.tabs.pendencies'), children: <PendenciesTab share={share} /> });
    if (FEATURE_FLAGS.riskReportEnabled && can(who, 'risk_report.read'))
      tabs.push({ key: 'risk', label: t('workspace.tabs.risk'), children: <RiskReportTab share={share} /> });
    if (can(who, 'share.history'))
      tabs.push({ key: 'cancellations', label: t('workspace.tabs.cancellations'), children: <CancellationsTab share={share} /> });
    if (can(who, 'share.transfer_responsible') && can(who, 'user.list'))
      tabs.push({ key: 'responsible', label: t('workspace.tabs.responsible'), children: <ResponsibleTab share={share} /> });
    return tabs;
  }, [share, t, who]);
  // The tab is in the URL (?aba=propostas): a link opens it, Back/Forward move between tabs. A tab
  // this user does not have (a fund's link to "banco") opens the summary.
  const wanted = tabOfParam(params.get(TAB_PARAM));
  const active = items.some((tab) => tab.key === wanted) ? wanted : 'summary';
  const select = (key: string) => {
    const next = new URLSearchParams(params);
    if (key === 'summary') next.delete(TAB_PARAM);
    else next.set(TAB_PARAM, WORKSPACE_TABS[key as WorkspaceTab]);
    // A push: each tab is a step of the browser's history.
    setParams(next);
  };
  return (
    <article aria-labelledby="workspace-title">
      <LiveNotice contractNumber={share.contractNumber} />
      <WorkspaceHeader share={share} />
      <Tabs className="workspace-tabs" items={items} activeKey={active} onChange={select} destroyOnHidden={false} />
    </article>
  );
};

const WorkspaceRoute = () => {
  const t = useTranslate();
  const { contractNumber = '' } = useParams();
  const { data, isLoading, error, refetch } = useShare(contractNumber);
  if (isLoading) return <Skeleton active paragraph={{ rows: 8 }} aria-busy="true" />;
  // Another tenant's share answers 404 too (docs/decisions.md): the same page, nothing to probe.
  if (error?.statusCode === 404 || (!error && !data)) return <ShareNotFound contractNumber={contractNumber} />;
  if (error || !data)
    return (
      <Alert
        type="error"
        showIcon
        icon={<AlertIcon type="error" />}
        message={t('workspace.loadError')}
        description={errorText(error?.message)}
        action={<Button onClick={() => void refetch()}>{t('app.retry')}</Button>}
      />
    );
  return <Workspace share={data} />;
};

/** `/cotas/:contractNumber`: every detail of a share and every action that moves it (issue 3). */
const WorkspacePage = () => (
  <ModalScope>
    <UnsavedChangesScope>
      <WorkspaceRoute />
    </UnsavedChangesScope>
  </ModalScope>
);

export default WorkspacePage;

/** The list's bulk bar lives in this chunk too (see ListPage); it confirms, so it brings its modal. */
export const BulkActions = (props: ComponentProps<typeof BulkActionsBar>) => (
  <ModalScope>
    <BulkActionsBar {...props} />
  </ModalScope>
);
