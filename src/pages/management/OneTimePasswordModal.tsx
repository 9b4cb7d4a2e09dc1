import { CopyOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { AlertIcon } from '../../components/AlertIcon';

interface Props {
  name: string;
  password: string;
  onClose: () => void;
}

/**
 * The new user's one-time password, shown once: the server keeps only its hash, so the modal does not
 * close by a stray click or Esc, only by saying it was copied.
 */
export const OneTimePasswordModal = ({ name, password, onClose }: Props) => {
  const t = useTranslate();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copyPassword = async () => {
    try {
      await navigator.clipboard.writeText(password);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <Modal
      open
      title={t('management.users.oneTimePassword.title', { name })}
      maskClosable={false}
      keyboard={false}
      closable={false}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('management.users.oneTimePassword.done')}
        </Button>
      }
    >
      <Typography.Paragraph>{t('management.users.oneTimePassword.intro')}</Typography.Paragraph>
      <Alert type="warning" showIcon icon={<AlertIcon type="warning" />} message={t('management.users.oneTimePassword.once')} style={{ marginBottom: 12 }} />
      <label htmlFor="one-time-password" style={{ display: 'block', marginBottom: 4 }}>
        {t('management.users.oneTimePassword.label')}
      </label>
      <Space.Compact style={{ width: '100%' }}>
        <Input id="one-time-password" readOnly value={password} style={{ fontFamily: 'monospace' }} onFocus={(e) => e.target.select()} />
        <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copyPassword()}>
          {t('management.users.oneTimePassword.copy')}
        </Button>
      </Space.Compact>
      <div role="status" aria-live="polite" style={{ minHeight: 22, marginTop: 4 }}>
        {copy === 'copied' && <Typography.Text type="success">{t('management.users.oneTimePassword.copied')}</Typography.Text>}
        {copy === 'failed' && <Typography.Text type="danger">{t('management.users.oneTimePassword.copyFailed')}</Typography.Text>}
      </div>
      <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }}>{t('management.users.oneTimePassword.firstAccess')}</Typography.Paragraph>
    </Modal>
  );
};
