import { UploadOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button } from 'antd';
import { Suspense, lazy, useState } from 'react';
import { useCanDo } from '../../hooks/useSession';

// The modal, its form and its messages load on the first click.
const SendPlayerFileModal = lazy(() => import('./SendPlayerFileModal'));

/** 'Enviar arquivo' next to the player files' title. */
const SendPlayerFileButton = () => {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  if (!useCanDo('player.files')) return null;
  return (
    <>
      <Button
        type="primary"
        icon={<UploadOutlined aria-hidden />}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {t('playerFiles.send')}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <SendPlayerFileModal open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
};

export default SendPlayerFileButton;
