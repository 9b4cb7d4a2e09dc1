/**
 * "Exportar" in a list's header (issue 18). Only the button ships with the list: the dialog, the
 * progress and the XLSX row counter are a chunk of their own, loaded on the first click.
 */
import { useTranslate } from '@refinedev/core';
import { Button } from 'antd';
import { Suspense, lazy, useState } from 'react';
import type { ExportDialogProps } from './ExportDialog';

const ExportDialog = lazy(() => import('./ExportDialog'));

export type ExportButtonProps = Omit<ExportDialogProps, 'open' | 'onClose' | 'afterClose'>;

export const ExportButton = (props: ExportButtonProps) => {
  const t = useTranslate();
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        {t('listExport.button')}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          {/* Kept mounted until the dialog has closed, so that antd gives the focus back to the button. */}
          <ExportDialog {...props} open={open} onClose={() => setOpen(false)} afterClose={() => setMounted(false)} />
        </Suspense>
      )}
    </>
  );
};
