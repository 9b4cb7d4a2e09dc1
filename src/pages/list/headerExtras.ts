import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { HeaderExtraName } from '../../resources';

/**
 * What a definition's `headerExtra` names, next to the list's title. Each its own chunk: the buttons'
 * modals and forms are not part of every list.
 */
export const HEADER_EXTRAS: Record<HeaderExtraName, LazyExoticComponent<ComponentType>> = {
  newAuction: lazy(() => import('../auctions/NewAuctionButton')),
  sendPlayerFile: lazy(() => import('../players/SendPlayerFileButton')),
  playerFilesLink: lazy(() => import('../players/PlayerFilesLink')),
};
