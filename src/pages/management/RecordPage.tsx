import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Card, Skeleton, theme } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

interface Props {
  title: string;
  /** Where Voltar goes (the list, or the record from its edit page). */
  back: string;
  extra?: ReactNode;
  footer?: ReactNode;
  loading?: boolean;
  children: ReactNode;
}

/**
 * The frame of a record page, titled like the lists (one h1, actions beside it). @refinedev/antd's
 * Create/Edit/Show views were measured against it (issue 16, docs/decisions.md "Issue 16 (client)"):
 * +33 KB gzip on a create/edit page, +75 KB on a record page, +1.4 KB on the first list.
 */
export const RecordPage = ({ title, back, extra, footer, loading, children }: Props) => {
  const t = useTranslate();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  return (
    <>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 16, flexWrap: 'wrap', marginBottom: 16 }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <Button type="text" icon={<ArrowLeftOutlined aria-hidden />} aria-label={t('management.back')} title={t('management.back')} onClick={() => navigate(back)} />
          <h1 style={{ fontSize: token.fontSizeHeading3, fontWeight: 600, margin: 0, color: token.colorTextHeading }}>{title}</h1>
        </div>
        {extra && <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>{extra}</div>}
      </div>
      <Card variant="borderless">
        {loading ? <Skeleton active paragraph={{ rows: 6 }} /> : children}
        {footer && <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 8 }}>{footer}</div>}
      </Card>
    </>
  );
};
