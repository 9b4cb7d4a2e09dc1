import { ArrowLeftOutlined, CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Alert, Button, Card, Col, Descriptions, Result, Row, Skeleton, Space, Steps, Tag, Typography, theme } from 'antd';
import { useLayoutEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import '../../i18n/loadAuctionMessages';
import { AUCTION_CONFIG_EDITABLE, AUCTION_STEPS, isAuctionOpen, type AuctionInfo, type AuctionStatus } from '../../domain';
import { EMPTY_CELL, formatDateTime } from '../../components/formatters';
import { ModalScope } from '../../components/ModalScope';
import { useCanDo } from '../../hooks/useSession';
import { errorText } from '../../providers/notificationProvider';
import { AUCTION_STATUS_COLORS } from '../../resources/auctions';
import { AuctionActions } from './AuctionActions';
import { AuctionFiles } from './AuctionFiles';
import { AuctionResults, AuctionResultsExport } from './AuctionResults';
import { ConfigStep } from './ConfigStep';
import { ConfigSummary } from './ConfigSummary';
import { AUCTIONS_ROUTE } from '../../domain/auctionPaths';
import { PricingStep } from './PricingStep';
import { StatusHistory } from './StatusHistory';
import { useAuctionInfo, useStatusHistory } from './useAuction';
import { saleContext } from './wording';
import { AlertIcon } from '../../components/AlertIcon';

type Step = (typeof AUCTION_STEPS)[number];

/** The step a canceled auction stopped at: the status it left for `canceled`. */
const stoppedAt = (history: ReturnType<typeof useStatusHistory>['list']): Step | null => {
  const move = [...history].reverse().find((h) => h.toStatus === 'canceled');
  const from = move?.fromStatus;
  return from && (AUCTION_STEPS as readonly AuctionStatus[]).includes(from) ? (from as Step) : null;
};

const AuctionHeader = ({ auction }: { auction: AuctionInfo }) => {
  const t = useTranslate();
  const { token } = theme.useToken();
  return (
    <header>
      <div>
        <Link to={AUCTIONS_ROUTE}>
          <ArrowLeftOutlined aria-hidden /> {t('auctions.page.back')}
        </Link>
      </div>
      <Space wrap align="center" style={{ margin: '8px 0' }}>
        <h1 id="auction-title" style={{ fontSize: token.fontSizeHeading3, fontWeight: 600, margin: 0, color: token.colorTextHeading }}>
          {auction.name || t('auctionList.unnamed', saleContext(auction.isAuction))}
        </h1>
        <Tag data-testid="auction-type">{t(`auctionType.${String(auction.isAuction)}`)}</Tag>
        <Tag data-testid="auction-status" color={AUCTION_STATUS_COLORS[auction.status]}>
          {t(`auctionStatus.${auction.status}`, saleContext(auction.isAuction))}
        </Tag>
      </Space>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} styles={{ content: { wordBreak: 'normal', overflowWrap: 'anywhere' } }}>
        <Descriptions.Item label={t('auctions.page.administrator')}>{auction.administratorName ?? t('auctions.page.platform')}</Descriptions.Item>
        <Descriptions.Item label={t('auctions.page.window')}>
          {auction.startsAt || auction.endsAt ? `${formatDateTime(auction.startsAt)} – ${formatDateTime(auction.endsAt)}` : EMPTY_CELL}
        </Descriptions.Item>
        <Descriptions.Item label={t('auctions.page.shares')}>{auction.shareCount}</Descriptions.Item>
        <Descriptions.Item label={t('auctions.page.createdAt')}>{formatDateTime(auction.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t('auctions.page.code')}>
          <Typography.Text
            copyable={{ icon: [<CopyOutlined key="copy" aria-hidden />, <CheckOutlined key="copied" aria-hidden />], tooltips: [t('auctions.page.copyCode'), t('auctions.page.copied')] }}
            style={{ fontFamily: 'monospace', fontSize: 12 }}
          >
            {auction.auctionId}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
    </header>
  );
};

const StepContent = ({ auction, step, canWrite, canSeePricing }: { auction: AuctionInfo; step: Step; canWrite: boolean; canSeePricing: boolean }) => {
  const t = useTranslate();
  if (step === 'created') {
    if (canWrite && AUCTION_CONFIG_EDITABLE.includes(auction.status)) return <ConfigStep auction={auction} />;
    return (
      <Space direction="vertical" style={{ width: '100%' }}>
        {canWrite && isAuctionOpen(auction.status) && <Alert type="info" showIcon icon={<AlertIcon type="info" />} message={t('auctions.config.readOnly')} />}
        <ConfigSummary config={auction.config} isAuction={auction.isAuction} buyerNames={auction.buyers} />
      </Space>
    );
  }
  if (step === 'pricing')
    return canSeePricing ? (
      <PricingStep auction={auction} canWrite={canWrite} />
    ) : (
      // The seller's pricing (runs, file names, rows refused) is not the buyers' to read (issue 13).
      <Alert type="info" showIcon icon={<AlertIcon type="info" />} message={t('auctions.pricing.sellerOnly')} data-testid="pricing-seller-only" />
    );
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph>{t(`auctions.stepHelp.${step}`, saleContext(auction.isAuction))}</Typography.Paragraph>
      <ConfigSummary config={auction.config} isAuction={auction.isAuction} buyerNames={auction.buyers} />
    </Space>
  );
};

const Wizard = ({ auction }: { auction: AuctionInfo }) => {
  const t = useTranslate();
  const canWrite = useCanDo('auction.write');
  const canSeePricing = useCanDo('auction.pricing_read');
  // antd draws a finished step's tick as an icon named "check", which joined each step's name; the
  // step's title says what it is (issue 14).
  const stepsNav = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    stepsNav.current?.querySelectorAll('.ant-steps-item-icon .anticon:not([aria-hidden])').forEach((icon) => icon.setAttribute('aria-hidden', 'true'));
  });
  // Once a spreadsheet priced the shares, each share's price is shown (issue 13).
  const showResults = canSeePricing && auction.latestPricing === 'processed' && auction.status !== 'created';
  const history = useStatusHistory(auction.auctionId);
  const canceled = auction.status === 'canceled';
  const stopped = canceled ? stoppedAt(history.list) : null;
  const reached: Step = canceled ? (stopped ?? 'created') : (auction.status as Step);
  const reachedIndex = AUCTION_STEPS.indexOf(reached);
  // The step shown is the one reached unless the user opened an earlier one; a move (new status)
  // forgets that choice, so the new step opens.
  const [chosen, setChosen] = useState<{ status: AuctionStatus; step: Step } | null>(null);
  const step = chosen && chosen.status === auction.status ? chosen.step : reached;
  const finished = auction.status === 'finished';
  const ctx = saleContext(auction.isAuction);

  return (
    <article aria-labelledby="auction-title">
      <AuctionHeader auction={auction} />
      {!canWrite && <Alert type="info" showIcon icon={<AlertIcon type="info" />} message={t('auctions.page.readOnly')} style={{ marginBottom: 16 }} />}
      {canceled && (
        <Alert
          type="error"
          showIcon
          icon={<AlertIcon type="error" />}
          role="status"
          data-testid="auction-canceled"
          message={t('auctions.canceled.title', ctx)}
          description={
            stopped
              ? t('auctions.canceled.detail', { ...ctx, at: formatDateTime(history.list.find((h) => h.toStatus === 'canceled')?.at), step: t(`auctions.steps.${stopped}`) })
              : t('auctions.canceled.detailNoStep', ctx)
          }
          style={{ marginBottom: 16 }}
        />
      )}
      {canWrite && <AuctionActions auction={auction} />}
      <nav ref={stepsNav} aria-label={t('auctions.steps.label', ctx)} style={{ margin: '24px 0' }}>
        <Steps
          current={AUCTION_STEPS.indexOf(step)}
          onChange={(i) => i <= reachedIndex && setChosen({ status: auction.status, step: AUCTION_STEPS[i] })}
          items={AUCTION_STEPS.map((s, i) => ({
            title: t(`auctions.steps.${s}`),
            disabled: i > reachedIndex,
            status:
              canceled && i === reachedIndex ? 'error' : finished || i < reachedIndex ? 'finish' : i === reachedIndex ? 'process' : 'wait',
            // The step reached is the current one, the last one of a finished auction included.
            ...(i === reachedIndex ? { 'aria-current': 'step' } : {}),
          }))}
        />
      </nav>
      <Row gutter={[16, 16]}>
        {/* Side by side only from 1600 px: at 1366 and 1280 px the step's tables need the whole width (issue 13). */}
        <Col xs={24} xxl={16}>
          <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t(`auctions.steps.${step}`)}</h2>} size="small">
            <StepContent auction={auction} step={step} canWrite={canWrite} canSeePricing={canSeePricing} />
          </Card>
          <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('auctions.files.title', ctx)}</h2>} size="small" style={{ marginTop: 16 }}>
            <AuctionFiles auction={auction} canWrite={canWrite} />
          </Card>
        </Col>
        <Col xs={24} xxl={8}>
          <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('auctions.history.title')}</h2>} size="small">
            <StatusHistory auctionId={auction.auctionId} isAuction={auction.isAuction} />
          </Card>
        </Col>
        {showResults && (
          <Col span={24}>
            <Card
              title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('auctions.results.title')}</h2>}
              extra={<AuctionResultsExport auctionId={auction.auctionId} auctionName={auction.name || t('auctionList.unnamed', saleContext(auction.isAuction))} />}
              size="small"
              data-testid="auction-results-card"
            >
              <Typography.Paragraph type="secondary">{t('auctions.results.help')}</Typography.Paragraph>
              <AuctionResults auctionId={auction.auctionId} />
            </Card>
          </Col>
        )}
      </Row>
    </article>
  );
};

const AuctionRoute = () => {
  const t = useTranslate();
  const navigate = useNavigate();
  const { auctionId = '' } = useParams();
  const { data, isLoading, error, refetch } = useAuctionInfo(auctionId);
  if (isLoading) return <Skeleton active paragraph={{ rows: 8 }} aria-busy="true" />;
  // A code that is not one (400) reads as not found too: nothing to tell apart for the user.
  if (error?.statusCode === 404 || error?.statusCode === 400 || (!error && !data))
    return (
      <Result
        status="404"
        title={t('auctions.page.notFound')}
        subTitle={t('auctions.page.notFoundDetail', { id: auctionId })}
        extra={
          <Button type="primary" onClick={() => navigate(AUCTIONS_ROUTE)}>
            {t('auctions.page.back')}
          </Button>
        }
      />
    );
  if (error || !data)
    return (
      <Alert
        type="error"
        showIcon
        icon={<AlertIcon type="error" />}
        message={t('auctions.page.loadError')}
        description={errorText(error?.message)}
        action={<Button onClick={() => void refetch()}>{t('app.retry')}</Button>}
      />
    );
  return <Wizard auction={data} />;
};

/** `/leiloes/:auctionId`: the auction as a wizard over its status machine (issue 4). It confirms, so it brings its modal. */
const AuctionPage = () => (
  <ModalScope>
    <AuctionRoute />
  </ModalScope>
);

export default AuctionPage;
