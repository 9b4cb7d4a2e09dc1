import { useTranslate } from '@refinedev/core';
import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router';
import { ACCOUNT_ROUTES } from '../domain';
import { LOGIN_ROUTE } from '../providers/authProvider';
import { setPageTitle } from '../providers/whiteLabel';
import { RESOURCES } from '../resources';
import { WORKSPACE_ROUTE } from '../pages/workspace/paths';

/** Pages that are not list resources: route pattern > i18n key (params are passed to the text). */
const PAGE_TITLES: readonly (readonly [string, string])[] = [
  [LOGIN_ROUTE, 'pageTitle.login'],
  [WORKSPACE_ROUTE, 'pageTitle.share'],
  ['/leiloes/:auctionId', 'pageTitle.auction'],
  [ACCOUNT_ROUTES.firstAccess, 'pageTitle.firstAccess'],
  [ACCOUNT_ROUTES.changeExpired, 'pageTitle.changeExpired'],
  [ACCOUNT_ROUTES.forgot, 'pageTitle.forgot'],
];

/**
 * Names the browser tab after the page ("Cotas canceladas · Acme Consórcios"), so that tabs,
 * history and screen readers tell pages apart. Renders nothing.
 */
export const DocumentTitle = () => {
  const t = useTranslate();
  const { pathname } = useLocation();
  let title: string | null = null;
  for (const [pattern, key] of PAGE_TITLES) {
    const match = matchPath(pattern, pathname);
    if (match) {
      title = t(key, match.params as Record<string, string>);
      break;
    }
  }
  if (title === null) {
    const def = RESOURCES.find((r) => matchPath(r.route, pathname));
    title = def ? t(def.titleKey) : t('notFoundPage.title');
  }
  useEffect(() => setPageTitle(title), [title]);
  return null;
};
