import { TeamOutlined } from '@ant-design/icons';
import { API } from '../domain';
import { PLAYER_SORT_FIELDS } from '../domain/referenceLists';
import { ENABLE_ACTIONS } from './recordActions';
import { BY_NAME, toReferenceListFilters } from './referenceFilters';
import type { ResourceDef } from './types';

export const PLAYERS_ROUTE = '/players';

export const players: ResourceDef = {
  name: 'players',
  route: PLAYERS_ROUTE,
  labelKey: 'menu.players',
  titleKey: 'players.title',
  icon: TeamOutlined,
  api: {
    kind: 'json',
    list: API.player.list,
    export: API.player.listExport,
    get: { endpoint: API.player.get, idParam: 'playerId', numericId: true },
    create: API.player.create,
    update: API.player.update,
    actions: { disable: API.player.disable, enable: API.player.enable },
    toFilters: (filters) => ({ ...toReferenceListFilters(filters) }),
    sortFields: PLAYER_SORT_FIELDS,
  },
  permissions: {
    list: 'player.list',
    show: 'player.manage',
    create: 'player.manage',
    edit: 'player.manage',
    disable: 'player.manage',
    enable: 'player.manage',
  },
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
  headerExtra: 'playerFilesLink',
  crud: {
    createKey: 'players.new',
    showTitleKey: 'management.players.showTitle',
    editTitleKey: 'management.players.editTitle',
    nameField: 'name',
    form: () => import('./forms/players'),
    actions: ENABLE_ACTIONS,
  },
};
