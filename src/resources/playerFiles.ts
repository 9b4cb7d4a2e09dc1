import { FileTextOutlined } from '@ant-design/icons';
import { API } from '../domain';
import { PLAYER_FILE_TYPES } from '../domain/playerFiles';
import { PLAYERS_ROUTE } from './players';
import type { ResourceDef } from './types';

/** Files sent to players: a list under the players' route, with the send modal next to its title. */
export const playerFiles: ResourceDef = {
  name: 'playerFiles',
  route: `${PLAYERS_ROUTE}/arquivos`,
  labelKey: 'menu.playerFiles',
  titleKey: 'playerFiles.title',
  icon: FileTextOutlined,
  api: { kind: 'plain', list: API.player.listFiles, export: API.player.listFilesExport },
  permissions: { list: 'player.files' },
  rowKey: 'playerFileId',
  columns: [
    { key: 'fileName', titleKey: 'playerFiles.fileName', dataIndex: 'fileName', cell: 'file', filePathIndex: 'filePath' },
    { key: 'fileType', titleKey: 'playerFiles.fileType', dataIndex: 'fileType', cell: 'tag', labelPrefix: 'playerFiles.types', values: PLAYER_FILE_TYPES },
    { key: 'players', titleKey: 'playerFiles.players', dataIndex: 'players', cell: 'names' },
    { key: 'sentBy', titleKey: 'playerFiles.sentBy', dataIndex: 'sentBy' },
    { key: 'sentAt', titleKey: 'playerFiles.sentAt', dataIndex: 'sentAt', cell: 'dateTime' },
  ],
  filters: [],
  emptyKey: 'playerFiles.empty',
  totalKey: 'playerFiles.total',
  headerExtra: 'sendPlayerFile',
};
