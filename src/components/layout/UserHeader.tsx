import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useGetIdentity, useLogout, useTranslate } from '@refinedev/core';
import { Button, Grid, Space, Tag } from 'antd';
// Avatar's own module: antd's entry adds Avatar.Group, which brings Popover.
import Avatar from 'antd/es/avatar/Avatar';
import type { Identity } from '../../providers/authProvider';

/**
 * The signed-in user's name and profile, and the way out. On a phone the name is cut with an
 * ellipsis (the full name stays in its title) and Sair keeps only its icon, so the bar never wraps.
 */
export const UserHeader = () => {
  const t = useTranslate();
  const { data: identity } = useGetIdentity<Identity>();
  const { mutate: logout, isPending } = useLogout();
  const { md } = Grid.useBreakpoint();
  const narrow = md === false;
  return (
    <Space size={narrow ? 'small' : 'middle'} align="center" style={{ minWidth: 0, maxWidth: '100%' }}>
      <Avatar size="small" icon={<UserOutlined aria-hidden />} aria-hidden />
      <strong
        data-testid="user-name"
        title={identity?.name}
        style={{ display: 'inline-block', maxWidth: narrow ? 'calc(100vw - 260px)' : 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'middle', lineHeight: 'normal' }}
      >
        {identity?.name}
      </strong>
      {identity && <Tag data-testid="user-profile">{t(`profile.${identity.profile ?? 'none'}`)}</Tag>}
      <Button icon={<LogoutOutlined aria-hidden />} onClick={() => logout()} loading={isPending} aria-label={narrow ? t('auth.logout') : undefined} title={narrow ? t('auth.logout') : undefined}>
        {narrow ? null : t('auth.logout')}
      </Button>
    </Space>
  );
};
