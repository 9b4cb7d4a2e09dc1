import { TeamOutlined } from '@ant-design/icons';
import { API } from '../domain';
import type { ResourceDef } from './types';

export const players: ResourceDef = {
  name: 'players',
  route: '/players',
  labelKey: 'menu.players',
  titleKey: 'players.title',
  icon: TeamOutlined,
  api: { kind: 'plain', list: API.player.list },
  permissions: { list: 'player.list' },
  rowKey: 'playerId',
  columns: [
    { key: 'name', titleKey: 'players.name', dataIndex: 'name' },
    { key: 'document', titleKey: 'players.document', dataIndex: 'document', cell: 'document' },
    { key: 'enabled', titleKey: 'players.enabled', dataIndex: 'enabled', cell: 'boolean' },
  ],
  filters: [],
};
