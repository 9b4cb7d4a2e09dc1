import { useTranslate } from '@refinedev/core';
import { Button } from 'antd';
import { Suspense, lazy, memo, useState } from 'react';
import { useCanDo } from '../../hooks/useSession';
import type { ColumnDef, ResourceDef } from '../../resources';

// The dialogs are their own chunk, fetched on the first click: the first list's JavaScript carries
// only these two buttons (DESIGN §5, bench/bundle.ts).
const ViewsDialog = lazy(() => import('./ViewsDialog'));
const ColumnsDialog = lazy(() => import('./ColumnsDialog'));

export interface ListToolsProps {
  def: ResourceDef;
  /** The columns the user may choose among (a tenant's own column is never offered). */
  columns: readonly ColumnDef[];
  /** The keys of the columns hidden now. */
  hidden: readonly string[];
  onHiddenChange: (hidden: readonly string[]) => void;
}

/** "Visões" and "Colunas" beside a list's title (issue 18), for whoever may keep views. */
export const ListTools = memo(({ def, columns, hidden, onHiddenChange }: ListToolsProps) => {
  const t = useTranslate();
  const mayKeep = useCanDo('view.own');
  const [open, setOpen] = useState<'views' | 'columns' | null>(null);
  // A dialog stays mounted once opened, closed rather than removed: antd then gives the focus back to
  // the button that opened it.
  const [used, setUsed] = useState<{ views?: true; columns?: true }>({});
  if (!mayKeep) return null;
  const show = (which: 'views' | 'columns') => {
    setUsed((u) => ({ ...u, [which]: true }));
    setOpen(which);
  };
  const close = () => setOpen(null);
  return (
    <>
      <Button onClick={() => show('views')} aria-haspopup="dialog">
        {t('listTools.views')}
      </Button>
      <Button onClick={() => show('columns')} aria-haspopup="dialog">
        {hidden.length ? t('listTools.columnsHidden', { count: hidden.length }) : t('listTools.columns')}
      </Button>
      <Suspense fallback={null}>
        {used.views && <ViewsDialog open={open === 'views'} def={def} hidden={hidden} onClose={close} />}
        {used.columns && <ColumnsDialog open={open === 'columns'} def={def} columns={columns} hidden={hidden} onHiddenChange={onHiddenChange} onClose={close} />}
      </Suspense>
    </>
  );
});
