import { useShow, useTranslate, type BaseRecord } from '@refinedev/core';
import { useEffect, useSyncExternalStore } from 'react';
import { matchPath, useLocation } from 'react-router';
import { ACCOUNT_ROUTES, type AuctionInfo } from '../domain';
import { HOME_ROUTE, LOGIN_ROUTE } from '../providers/authProvider';
import { i18n } from '../providers/i18nProvider';
import { setPageTitle } from '../providers/whiteLabel';
import { RESOURCES, crudRoutes, type ResourceDef } from '../resources';
import { WORKSPACE_ROUTE } from '../domain/workspacePaths';
import { AUCTION_ROUTE } from '../domain/auctionPaths';
import { useApiQuery } from '../hooks/useApi';

/** Pages that are not list resources: route pattern > i18n key (params are passed to the text). */
const PAGE_TITLES: readonly (readonly [string, string])[] = [
  [LOGIN_ROUTE, 'pageTitle.login'],
  [HOME_ROUTE, 'pageTitle.dashboard'],
  [WORKSPACE_ROUTE, 'pageTitle.share'],
  [ACCOUNT_ROUTES.firstAccess, 'pageTitle.firstAccess'],
  [ACCOUNT_ROUTES.changeExpired, 'pageTitle.changeExpired'],
  [ACCOUNT_ROUTES.forgot, 'pageTitle.forgot'],
];

type RecordAction = 'create' | 'edit' | 'show';

/**
 * The record pages generated from the definitions (issue 11), `novo` before `:id` so that a create
 * page is never read as the record "novo". Lists are matched before these: `/players/arquivos` is a
 * list, not the player "arquivos".
 */
const RECORD_ROUTES: readonly { pattern: string; def: ResourceDef; action: RecordAction }[] = RESOURCES.flatMap((def) => {
  if (!def.crud) return [];
  const paths = crudRoutes(def.route);
  return (['create', 'edit', 'show'] as const).map((action) => ({ pattern: paths[action], def, action }));
});

const usePageTitle = (title: string) => useEffect(() => setPageTitle(title), [title]);

const onMessagesAdded = (changed: () => void) => {
  i18n.store.on('added', changed);
  return () => i18n.store.off('added', changed);
};

/** Whether a text is there yet: lazily loaded screens add their messages when their chunk arrives. */
const useMessageLoaded = (key: string): boolean => useSyncExternalStore(onMessagesAdded, () => i18n.exists(key));

/**
 * A record's tab, named as its page's heading ("Usuário Ana", "Editar fundo Alfa"). The name is read
 * from the page's own query (same resource, id and meta), only observed here: the page asks when the
 * user may open it, once, and tells its failures itself. The headings' texts arrive with the
 * management screens' messages: until then the tab says the list's title.
 */
const RecordTitle = ({ def, action, id }: { def: ResourceDef; action: 'edit' | 'show'; id: string }) => {
  const t = useTranslate();
  const crud = def.crud!;
  const { result } = useShow<BaseRecord>({ resource: def.name, id, queryOptions: { enabled: false }, errorNotification: false });
  const key = action === 'show' ? crud.showTitleKey : crud.editTitleKey;
  const loaded = useMessageLoaded(key);
  const name = result?.[crud.nameField];
  const title = loaded ? t(key, { name: typeof name === 'string' || typeof name === 'number' ? String(name) : '' }).trim() : t(def.titleKey);
  usePageTitle(title);
  return null;
};

/**
 * An auction's tab says which one, and whether it is a direct sale ("Venda direta: Cotas de abril"),
 * read from the page's own GET /auction/info (observed, never fetched here); until it is there, or
 * for an auction without a name, the kind alone (issue 13).
 */
const AuctionTitle = ({ auctionId }: { auctionId: string }) => {
  const t = useTranslate();
  const { data } = useApiQuery<AuctionInfo>('auction.info', { auctionId }, { resource: 'auctions', id: auctionId, enabled: false });
  const kind = data ? t(`auctionType.${String(data.isAuction)}`) : t('pageTitle.auction');
  usePageTitle(data?.name ? `${kind}: ${data.name}` : kind);
  return null;
};

const PlainTitle = ({ title }: { title: string }) => {
  usePageTitle(title);
  return null;
};

/**
 * Names the browser tab after the page ("Cotas canceladas · Acme Consórcios"), so that tabs,
 * history and screen readers tell pages apart. The one place that names the signed-in app's pages,
 * record pages included (generated from the definitions' `crud`). Renders nothing.
 */
export const DocumentTitle = () => {
  const t = useTranslate();
  const { pathname } = useLocation();
  const auction = matchPath(AUCTION_ROUTE, pathname);
  if (auction) return <AuctionTitle key={auction.params.auctionId} auctionId={auction.params.auctionId ?? ''} />;
  for (const [pattern, key] of PAGE_TITLES) {
    const match = matchPath(pattern, pathname);
    if (match) return <PlainTitle title={t(key, match.params as Record<string, string>)} />;
  }
  const list = RESOURCES.find((r) => matchPath(r.route, pathname));
  if (list) return <PlainTitle title={t(list.titleKey)} />;
  for (const { pattern, def, action } of RECORD_ROUTES) {
    const match = matchPath(pattern, pathname);
    if (!match) continue;
    if (action === 'create') return <PlainTitle title={t(def.crud!.createKey)} />;
    return <RecordTitle key={`${def.name}:${action}`} def={def} action={action} id={match.params.id ?? ''} />;
  }
  return <PlainTitle title={t('notFoundPage.title')} />;
};
