import { LogoutOutlined, SearchOutlined, UserOutlined } from '@ant-design/icons';
import { useGetIdentity, useLogout, useTranslate } from '@refinedev/core';
import { Button, Grid, Space, Tag } from 'antd';
// Avatar's own module: antd's entry adds Avatar.Group, which brings Popover.
import Avatar from 'antd/es/avatar/Avatar';
import { memo } from 'react';
import type { Identity } from '../../providers/authProvider';

/**
 * The search (command palette), the signed-in user's name and profile, and the way out. On a phone
 * the name is cut with an ellipsis (the full name stays in its title) and Buscar and Sair keep only
 * their icons, so the bar never wraps nor overflows. Memoized: the layout renders again on every
 * change of the address (a list's filters live there), this does not need to (issue 17).
 */
export const UserHeader = memo(({ onSearch }: { onSearch?: () => void }) => {
  const t = useTranslate();
  const { data: identity } = useGetIdentity<Identity>();
  const { mutate: logout, isPending } = useLogout();
  const { md } = Grid.useBreakpoint();
  const narrow = md === false;
  return (
    <Space size={narrow ? 'small' : 'middle'} align="center" style={{ minWidth: 0, maxWidth: '100%' }}>
      {onSearch && (
        // The command palette (issue 18); Ctrl/⌘-K opens it too. On a phone only its icon, named.
        <Button
          icon={<SearchOutlined aria-hidden />}
          onClick={onSearch}
          aria-haspopup="dialog"
          aria-keyshortcuts="Control+K Meta+K"
          // Not just "Buscar": a list's own search button is named so.
          aria-label={t('palette.buttonName')}
          title={t('palette.buttonHint')}
          data-testid="palette-button"
        >
          {narrow ? null : t('palette.button')}
        </Button>
      )}
      <Avatar size="small" icon={<UserOutlined aria-hidden />} aria-hidden />
      <strong
        data-testid="user-name"
        title={identity?.name}
        style={{ display: 'inline-block', maxWidth: narrow ? `calc(100vw - ${onSearch ? 330 : 260}px)` : 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'middle', lineHeight: 'normal' }}
      >
        {identity?.name}
      </strong>
      {identity && <Tag data-testid="user-profile">{t(`profile.${identity.profile ?? 'none'}`)}</Tag>}
      <Button icon={<LogoutOutlined aria-hidden />} onClick={() => logout()} loading={isPending} aria-label={narrow ? t('auth.logout') : undefined} title={narrow ? t('auth.logout') : undefined}>
        {narrow ? null : t('auth.logout')}
      </Button>
    </Space>
  );
});
