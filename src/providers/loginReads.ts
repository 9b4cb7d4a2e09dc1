import { localTimeZone } from '../domain';
import { RESOURCES } from '../resources';
import { listCallAt } from '../resources/listCallAt';
import { HOME_ROUTE } from './authRoutes';
import { dataProvider } from './dataProvider';

/**
 * The reads the page a login lands on (`target`: a pathname and its query) asks for first, for the
 * login to carry (issue 17, src/domain/loginFollowUps.ts): a list's first page and the columns its
 * user hides, as prefetchListAt asks for them, or the dashboard's summary. Who signs in is not
 * known yet: a read the session may not make comes back refused, and its page asks as it would
 * have (and is refused the same way).
 */
export const followLoginTo = (target: string = HOME_ROUTE) => {
  const at = target.indexOf('?');
  const pathname = at < 0 ? target : target.slice(0, at);
  const def = RESOURCES.find((r) => r.route === pathname);
  if (def) return dataProvider.followLogin({ lists: [listCallAt(def, at < 0 ? '' : target.slice(at))], calls: [{ name: 'view.columnsList' }] });
  if (pathname === HOME_ROUTE) return dataProvider.followLogin({ calls: [{ name: 'dashboard.summary', query: { tz: localTimeZone() } }] });
  return dataProvider.followLogin({});
};
