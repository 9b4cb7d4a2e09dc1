import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useGetIdentity, useLogout, useTranslate } from '@refinedev/core';
import { Avatar, Button, Space, Tag } from 'antd';
import type { Identity } from '../../providers/authProvider';

/** The signed-in user's name and profile, and the way out. */
export const UserHeader = () => {
  const t = useTranslate();
  const { data: identity } = useGetIdentity<Identity>();
  const { mutate: logout, isPending } = useLogout();
  return (
    <Space size="middle" align="center">
      <Avatar size="small" icon={<UserOutlined />} aria-hidden />
      <strong data-testid="user-name">{identity?.name}</strong>
      {identity && <Tag data-testid="user-profile">{t(`profile.${identity.profile ?? 'none'}`)}</Tag>}
      <Button icon={<LogoutOutlined />} onClick={() => logout()} loading={isPending}>
        {t('auth.logout')}
      </Button>
    </Space>
  );
};
