import { useTranslate } from '@refinedev/core';
import { Menu } from 'antd';
import { createElement } from 'react';
import { Link, useLocation } from 'react-router';
import { useAllowedResources } from './useAllowedResources';

/** The menu lists only what the profile may open (the accessControlProvider decides). */
export const SideMenu = () => {
  const t = useTranslate();
  const { pathname } = useLocation();
  const { allowed } = useAllowedResources();
  // The longest match: /players/arquivos is the player files entry, not the players one.
  const selected = allowed
    .filter((r) => pathname === r.route || pathname.startsWith(`${r.route}/`))
    .sort((a, b) => b.route.length - a.route.length)[0];
  return (
    <Menu
      mode="inline"
      aria-label={t('menu.label')}
      selectedKeys={selected ? [selected.route] : []}
      items={allowed.map((r) => ({
        key: r.route,
        // Decorative: the entry's text names it (antd would name the icon after its glyph, in English).
        icon: <span aria-hidden>{createElement(r.icon)}</span>,
        label: <Link to={r.route}>{t(r.labelKey)}</Link>,
      }))}
    />
  );
};
