import { FileTextOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useCanDo } from '../../hooks/useSession';
import { playerFiles } from '../../resources/playerFiles';

/** Next to the players' title: the files sent to players, for whoever may see them. */
const PlayerFilesLink = () => {
  const t = useTranslate();
  const navigate = useNavigate();
  if (!useCanDo('player.files')) return null;
  return (
    <Button icon={<FileTextOutlined aria-hidden />} onClick={() => navigate(playerFiles.route)}>
      {t('players.files')}
    </Button>
  );
};

export default PlayerFilesLink;
