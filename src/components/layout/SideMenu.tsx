import { DashboardOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Menu } from 'antd';
import { createElement, memo, useMemo, type ComponentType } from 'react';
import { Link, useLocation } from 'react-router';
import { useCanDo } from '../../hooks/useSession';
import { HOME_ROUTE } from '../../providers/authRoutes';
import { useAllowedResources } from './useAllowedResources';

interface Entry {
  route: string;
  labelKey: string;
  icon: ComponentType;
}

/** The home page (issue 18): first in the menu, before the lists. */
const DASHBOARD_ENTRY: Entry = { route: HOME_ROUTE, labelKey: 'menu.dashboard', icon: DashboardOutlined };

/** The antd menu itself: rendered again only when the entries or the selected one change. */
const MenuView = memo(({ entries, selected }: { entries: readonly Entry[]; selected?: string }) => {
  const t = useTranslate();
  return (
    <Menu
      mode="inline"
      aria-label={t('menu.label')}
      selectedKeys={selected ? [selected] : []}
      items={entries.map((r) => ({
        key: r.route,
        // Decorative: the entry's text names it (antd would name the icon after its glyph, in English).
        icon: <span aria-hidden>{createElement(r.icon)}</span>,
        label: <Link to={r.route}>{t(r.labelKey)}</Link>,
      }))}
    />
  );
});

/**
 * The menu lists only what the profile may open (the accessControlProvider decides). Every change
 * of the address renders this again (a list writes its filters, sort and page there), so the menu
 * below it renders only when its entries or the selected one change (issue 17).
 */
export const SideMenu = () => {
  const { pathname } = useLocation();
  const { allowed } = useAllowedResources();
  const dashboard = useCanDo('dashboard.read');
  const entries = useMemo<Entry[]>(() => [...(dashboard && allowed.length ? [DASHBOARD_ENTRY] : []), ...allowed], [dashboard, allowed]);
  // The longest match: /players/arquivos is the player files entry, not the players one.
  const selected = entries
    .filter((r) => pathname === r.route || pathname.startsWith(`${r.route}/`))
    .sort((a, b) => b.route.length - a.route.length)[0];
  return <MenuView entries={entries} selected={selected?.route} />;
};
