import { useTranslate } from '@refinedev/core';
import { App, Button, Space } from 'antd';
import { Suspense, lazy, useMemo, useRef, useState } from 'react';
import type { ShareDetail } from '../../domain';
// Straight from the module, not the barrel: the bundler then keeps it out of the login chunk.
import { ACTION_RULES, availableActions, type ShareAction } from '../../domain/shareActions';
import { useGrantee } from '../../hooks/useSession';
import { useShareAction } from '../../hooks/useShareAction';
import { canOfferOpenPendency } from '../../domain/pendencies';

import ActionModal from './ActionModal';
import { CONFIRM_ICON } from '../../components/AlertIcon';

// Its own chunk, shared with the Pendências tab: loaded when a pendency dialog first opens.
const PendencyFormModal = lazy(() => import('./PendencyForms'));

/** Actions that take no input: a confirmation is all they need. */
export const CONFIRM_ONLY: readonly ShareAction[] = ['share_send_autoservice', 'release_proposals'];

/** Bulk transfer runs from a list selection, never from one share's page. */
const WORKSPACE_ACTIONS = (actions: ShareAction[]) => actions.filter((a) => a !== 'transfer_in_bulk');

const ConfirmButton = ({ action, share }: { action: ShareAction; share: ShareDetail }) => {
  const t = useTranslate();
  const { modal } = App.useApp();
  const run = useShareAction(action, share.contractNumber);
  const label = t(`workspace.actions.${action}`);
  const ask = () =>
    modal.confirm({
      icon: CONFIRM_ICON,
      title: t('workspace.actions.confirmTitle', { action: label }),
      content: t(`workspace.actions.confirmText.${action}`),
      okText: t('workspace.actions.confirm'),
      cancelText: t('workspace.actions.cancel'),
      okButtonProps: { danger: !!ACTION_RULES[action].destructive },
      autoFocusButton: 'cancel',
      onOk: () => run.mutateAsync({ shareId: share.shareId, expectedVersion: share.version }).catch(() => undefined),
    });
  return (
    <Button danger={!!ACTION_RULES[action].destructive} loading={run.isPending} onClick={ask}>
      {label}
    </Button>
  );
};

/** The buttons for the moves this user may make now (actionAvailable: workflow, matrix, flag, denied). */
export const ActionBar = ({ share }: { share: ShareDetail }) => {
  const t = useTranslate();
  const who = useGrantee();
  const actions = useMemo(() => WORKSPACE_ACTIONS(availableActions(share.state, who)), [share.state, who]);
  const [open, setOpen] = useState<ShareAction | null>(null);
  // "Abrir pendência": the pendency workflow's own rule (a sale under way or already with a pendency).
  const offerPendency = canOfferOpenPendency(share.state, who);
  const [pendencyOpen, setPendencyOpen] = useState(false);
  // The dialog is unmounted as it closes, before antd could give the focus back (issue 14): the
  // button that opened it takes it again, or a keyboard user would restart from the top of the page.
  const opener = useRef<HTMLElement | null>(null);
  const close = () => {
    setOpen(null);
    setPendencyOpen(false);
    requestAnimationFrame(() => opener.current?.isConnected && opener.current.focus());
  };
  if (actions.length === 0 && !offerPendency) return null;
  return (
    <div role="toolbar" aria-label={t('workspace.actionsLabel')}>
      <Space wrap>
        {actions.map((action) =>
          CONFIRM_ONLY.includes(action) ? (
            <ConfirmButton key={action} action={action} share={share} />
          ) : (
            <Button
              key={action}
              type={ACTION_RULES[action].destructive ? 'default' : 'primary'}
              danger={!!ACTION_RULES[action].destructive}
              onClick={(e) => {
                opener.current = e.currentTarget;
                setOpen(action);
              }}
            >
              {t(`workspace.actions.${action}`)}
            </Button>
          ),
        )}
        {offerPendency && (
          // Keyed: when the share moves, the buttons before it change, and an index key would remount
          // it, so the focus could not come back to it after its dialog.
          <Button
            key="pendency_open"
            onClick={(e) => {
              opener.current = e.currentTarget;
              setPendencyOpen(true);
            }}
          >
            {t('workspace.pendencies.moves.open')}
          </Button>
        )}
      </Space>
      {open && (
        <ActionModal action={open} share={share} onClose={close} />
      )}
      {pendencyOpen && (
        <Suspense fallback={null}>
          <PendencyFormModal move="open" share={share} onClose={close} />
        </Suspense>
      )}
    </div>
  );
};
