import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Descriptions, Space, Tag, theme } from 'antd';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { formatMoney, isSentToPartner, processStepKey, type ShareDetail } from '../../domain';
import { SHARE_LIST_ROUTE } from '../../providers/authProvider';
import { STATE_COLORS } from '../list/cells';
import { ActionBar } from './ActionBar';

/** react-router's position in the browser's history (0 for the first page of the tab). */
const historyIndex = (): number => (window.history.state as { idx?: number } | null)?.idx ?? 0;

export const WorkspaceHeader = ({ share }: { share: ShareDetail }) => {
  const t = useTranslate();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const sent = share.sentToPartner || isSentToPartner(share.history);
  // Back to the list the user came from (its filters live in its URL), past the tabs visited here
  // (each tab is a history entry, issue 13); a shared link goes home.
  const entry = useRef(historyIndex());
  const back = () => (entry.current ? navigate(-(1 + Math.max(0, historyIndex() - entry.current))) : navigate(SHARE_LIST_ROUTE));
  return (
    <header style={{ marginBottom: 16 }}>
      <Button type="link" icon={<ArrowLeftOutlined aria-hidden />} onClick={back} style={{ paddingInline: 0 }}>
        {t('workspace.back')}
      </Button>
      <Space wrap align="center" size="middle" style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Space wrap align="center">
          <h1 id="workspace-title" style={{ fontSize: token.fontSizeHeading3, fontWeight: 600, margin: 0, color: token.colorTextHeading }}>
            {t('workspace.title', { contractNumber: share.contractNumber })}
          </h1>
          <Tag color={STATE_COLORS[share.state]} data-testid="share-state">
            {t(`shareState.${share.state}`)}
          </Tag>
          <Tag data-testid="process-step">{t(processStepKey(share.processStep))}</Tag>
          {sent && <Tag color="magenta">{t('workspace.sentToPartner')}</Tag>}
          <Tag>{t(share.isPj ? 'shares.pj' : 'shares.pf')}</Tag>
        </Space>
        <ActionBar share={share} />
      </Space>
      <Descriptions
        size="small"
        style={{ marginTop: 12 }}
        column={{ xs: 1, sm: 2, lg: 4 }}
        items={[
          { key: 'owner', label: t('shares.owner'), children: share.ownerName ?? '—' },
          { key: 'adm', label: t('shares.administrator'), children: share.admName },
          { key: 'fund', label: t('shares.fund'), children: share.fundName ?? t('workspace.noFund') },
          { key: 'credit', label: t('workspace.creditValue'), children: formatMoney(share.creditValue) },
        ]}
      />
    </header>
  );
};
