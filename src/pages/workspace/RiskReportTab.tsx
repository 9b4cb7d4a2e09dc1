import { useTranslate } from '@refinedev/core';
import { Card, Col, Descriptions, Row, Tag } from 'antd';
import { isRiskSource, type RiskReport, type ShareDetail } from '../../domain';
import { formatDateTime } from '../../components/formatters';
import { useShareQuery } from '../../hooks/useShareWorkspace';
import { QueryState } from './shared';

const COLORS: Record<RiskReport['result'], string> = { approved: 'green', review: 'gold', rejected: 'red' };

/** GET /idwall/get_report (flag riskReportEnabled): the overall result and one panel per source. */
const RiskReportTab = ({ share }: { share: ShareDetail }) => {
  const t = useTranslate();
  const report = useShareQuery<RiskReport>(share.contractNumber, 'idwall.getReport', { shareId: share.shareId });
  const r = report.data;
  return (
    <QueryState loading={report.isLoading} error={report.error} empty={!r}>
      {r && (
        <>
          <Descriptions
            size="small"
            items={[
              { key: 'result', label: t('workspace.risk.result'), children: <Tag color={COLORS[r.result]}>{t(`workspace.risk.results.${r.result}`)}</Tag> },
              { key: 'at', label: t('workspace.risk.generatedAt'), children: formatDateTime(r.generatedAt) },
            ]}
          />
          <Row gutter={[12, 12]}>
            {r.sources.map((s) => (
              <Col key={s.source} xs={24} md={12} lg={8}>
                <Card size="small" title={isRiskSource(s.source) ? t(`workspace.risk.sources.${s.source}`) : s.source} extra={<Tag color={COLORS[s.result]}>{t(`workspace.risk.results.${s.result}`)}</Tag>}>
                  {s.detail}
                </Card>
              </Col>
            ))}
          </Row>
        </>
      )}
    </QueryState>
  );
};

export default RiskReportTab;
