import { useTranslate } from '@refinedev/core';
import { Card, Col, Descriptions, Row, Space, Tag, Timeline } from 'antd';
import { formatMoney, processStepKey, type ShareDetail, type ShareHistoryEntry, type SignerStatus } from '../../domain';
import { formatDateTime, formatDocument } from '../../components/formatters';
import { useShareList, useShareQuery } from '../../hooks/useShareWorkspace';
import { FileLink } from '../../components/FileLink';
import { QueryState } from './shared';
import { ACCESSIBLE_TEXT_TOKENS } from '../../shell';

interface StatusAnswer {
  step?: number;
  processStep?: number;
  history?: { step: number; state: string; at: string }[];
}

const stateLabel = (t: (k: string) => string, s: string | null | undefined) => (s ? t(`shareState.${s}`) : '—');

export const HistoryTimeline = ({ share }: { share: ShareDetail }) => {
  const t = useTranslate();
  const history = useShareList<ShareHistoryEntry>(share.contractNumber, 'share.getHistory', { shareId: share.shareId });
  return (
    <QueryState loading={history.isLoading} error={history.error} empty={history.list.length === 0} emptyText={t('workspace.summary.historyEmpty')}>
      <Timeline
        items={[...history.list].reverse().map((h) => ({
          key: h.id,
          children: (
            <div data-testid="history-entry">
              <strong>{t(`workspace.historyActions.${h.action}`, undefined, t(`workspace.actions.${h.action}`, undefined, h.action))}</strong>{' '}
              {/* A step that left the state as it was (a boleto attached to a pendency) has no move to tell. */}
              {(h.fromState !== h.toState || !h.fromState) && <span>{t('workspace.summary.move', { from: stateLabel(t, h.fromState), to: stateLabel(t, h.toState) })}</span>}
              <div style={{ color: ACCESSIBLE_TEXT_TOKENS.colorTextDescription }}>
                {formatDateTime(h.at)} · {t('workspace.summary.by', { name: h.user?.name ?? t('workspace.summary.system') })}
              </div>
              {h.note && <div>{h.note}</div>}
              {h.files.length > 0 && (
                <Space wrap size={0} aria-label={t('workspace.summary.files')}>
                  {h.files.map((f) => (
                    <FileLink key={f.fileId} file={f} />
                  ))}
                </Space>
              )}
            </div>
          ),
        }))}
      />
    </QueryState>
  );
};

export const SummaryTab = ({ share }: { share: ShareDetail }) => {
  const t = useTranslate();
  const status = useShareQuery<StatusAnswer>(share.contractNumber, 'share.statusGet', { contractNumber: share.contractNumber });
  const signers = useShareList<SignerStatus>(share.contractNumber, 'share.signersStatus', { shareId: share.shareId });
  const step = status.data?.step ?? status.data?.processStep ?? share.processStep;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card title={t('workspace.summary.details')} size="small">
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'contract', label: t('shares.contractNumber'), children: share.contractNumber },
              { key: 'owner', label: t('shares.owner'), children: share.ownerName ?? '—' },
              { key: 'doc', label: t('shares.document'), children: formatDocument(share.ownerDocument) },
              { key: 'group', label: t('workspace.group'), children: share.groupCode ?? '—' },
              { key: 'quota', label: t('workspace.quota'), children: share.quotaCode ?? '—' },
              { key: 'credit', label: t('workspace.creditValue'), children: formatMoney(share.creditValue) },
              { key: 'previous', label: t('workspace.previousState'), children: stateLabel(t, share.previousState) },
              { key: 'responsible', label: t('workspace.responsible.current'), children: share.transferResponsible?.name ?? t('workspace.responsible.none') },
              { key: 'created', label: t('shares.createdAt'), children: formatDateTime(share.createdAt) },
              { key: 'updated', label: t('shares.updatedAt'), children: formatDateTime(share.updatedAt) },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Card title={t('workspace.summary.status')} size="small">
            <QueryState loading={status.isLoading} error={status.error}>
              <Descriptions
                column={1}
                size="small"
                items={[
                  { key: 'state', label: t('shares.state'), children: t(`shareState.${share.state}`) },
                  { key: 'step', label: t('workspace.summary.step'), children: t(processStepKey(step)) },
                ]}
              />
            </QueryState>
          </Card>
          <Card title={t('workspace.summary.signers')} size="small">
            <QueryState loading={signers.isLoading} error={signers.error} empty={signers.list.length === 0} emptyText={t('workspace.summary.noSigners')}>
              <Descriptions
                column={1}
                size="small"
                layout="vertical"
                items={signers.list.map((s) => ({
                  key: String(s.signer),
                  label: `${t(`workspace.summary.signer${s.signer}`)}${s.name ? ` — ${s.name}` : ''}`,
                  children: (
                    <Space wrap>
                      <Tag color={s.signed ? 'green' : 'default'}>
                        {s.signed ? `${t('workspace.summary.signed')} ${formatDateTime(s.signedAt)}` : t('workspace.summary.notSigned')}
                      </Tag>
                      <Tag color={s.complete ? 'green' : 'orange'}>{t(s.complete ? 'workspace.person.complete' : 'workspace.person.incomplete')}</Tag>
                    </Space>
                  ),
                }))}
              />
            </QueryState>
          </Card>
        </Space>
      </Col>
      <Col span={24}>
        <Card title={t('workspace.summary.history')} size="small">
          <HistoryTimeline share={share} />
        </Card>
      </Col>
    </Row>
  );
};
