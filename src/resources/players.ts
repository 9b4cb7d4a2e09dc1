import { TeamOutlined } from '@ant-design/icons';
import { lazy } from 'react';
import { API } from '../domain';
import { PLAYER_SORT_FIELDS } from '../domain/referenceLists';
import { BY_NAME, toReferenceListFilters } from './referenceFilters';
import type { ResourceDef } from './types';

export const PLAYERS_ROUTE = '/players';

export const players: ResourceDef = {
  name: 'players',
  route: PLAYERS_ROUTE,
  labelKey: 'menu.players',
  titleKey: 'players.title',
  icon: TeamOutlined,
  api: { kind: 'json', list: API.player.list, toFilters: (filters) => ({ ...toReferenceListFilters(filters) }), sortFields: PLAYER_SORT_FIELDS },
  permissions: { list: 'player.list' },
  rowKey: 'playerId',
  columns: [
    { key: 'name', titleKey: 'players.name', dataIndex: 'name', sortField: 'name' },
    { key: 'document', titleKey: 'players.document', dataIndex: 'document', cell: 'document', sortField: 'document' },
    { key: 'enabled', titleKey: 'players.enabled', dataIndex: 'enabled', cell: 'boolean' },
  ],
  filters: ['q'],
  searchPlaceholderKey: 'players.searchPlaceholder',
  defaultSorters: BY_NAME,
  emptyKey: 'players.empty',
  // The way to the files sent to players, next to the title.
  headerExtra: lazy(() => import('../pages/players/PlayerFilesLink')),
};
