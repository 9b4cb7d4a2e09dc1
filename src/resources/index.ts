import type { ResourceProps } from '@refinedev/core';
import { administrators } from './administrators';
import { audit } from './audit';
import { AUCTION_SHARE_RESULTS, auctionShareResultsApi, auctions } from './auctions';
import { canceledShares } from './canceledShares';
import { cancelReasons } from './cancelReasons';
import { crudRoutes } from './crud';
import { funds } from './funds';
import { OPTION_LISTS } from './optionLists';
import { pendencies } from './pendencies';
import { playerFiles } from './playerFiles';
import { players } from './players';
import { shares } from './shares';
import { transfers } from './transfers';
import type { ResourceApi, ResourceDef } from './types';
import { users } from './users';

export type {
  CellKind,
  ColumnDef,
  CrudDef,
  CrudForm,
  FieldDef,
  FieldKind,
  FilterKind,
  FormContext,
  HeaderExtraName,
  ResourceAction,
  ResourceApi,
  ResourceDef,
  FilterBarProps,
  FilterBarName,
  ExpandedRowName,
  RowActionDef,
  RowActionName,
  SelectFilterDef,
} from './types';
export { crudRoutes, editPath, recordPath } from './crud';

/** Menu order. */
export const RESOURCES: readonly ResourceDef[] = [shares, pendencies, transfers, canceledShares, auctions, funds, players, playerFiles, users, administrators, cancelReasons, audit];

export const resourceByName = (name: string | undefined): ResourceDef | undefined => RESOURCES.find((r) => r.name === name);

/** What the dataProvider needs to know about each resource, and about the lists read without a page of their own. */
export const RESOURCE_APIS: Readonly<Record<string, ResourceApi>> = {
  ...Object.fromEntries(RESOURCES.map((r) => [r.name, r.api])),
  // Read by a page, not listed in the menu.
  [AUCTION_SHARE_RESULTS]: auctionShareResultsApi,
  ...OPTION_LISTS,
};

/**
 * The `resources` prop of <Refine>: routes for navigation and the menu (and, for a resource with
 * record pages, its create, edit and show routes), the rest stays in the definitions.
 */
export const refineResources = (defs: readonly ResourceDef[] = RESOURCES): ResourceProps[] =>
  defs.map((r) => ({ name: r.name, list: r.route, ...(r.crud ? crudRoutes(r.route) : {}), meta: { labelKey: r.labelKey } }));
