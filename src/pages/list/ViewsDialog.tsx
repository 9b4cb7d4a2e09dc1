import type { HttpError } from '@refinedev/core';
import { useTranslate } from '@refinedev/core';
import { Alert, App, Button, Empty, Form, Input, Modal, Space, Spin, Typography, theme } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AlertIcon, CONFIRM_ICON } from '../../components/AlertIcon';
import { ModalScope } from '../../components/ModalScope';
import { VIEW_LIMITS, VIEW_MESSAGES, isViewState, viewNameProblem, viewPath, viewStateOf, type ListView } from '../../domain';
import { useSavedViews, useViewWrites } from '../../hooks/useListViews';
import '../../i18n/loadViewMessages';
import type { ResourceDef } from '../../resources';

export interface ViewsDialogProps {
  open: boolean;
  def: ResourceDef;
  hidden: readonly string[];
  onClose: () => void;
}

type Translate = ReturnType<typeof useTranslate>;

/** A name's problem, from the domain rule or the server's answer, in Portuguese. */
const nameMessage = (message: string, t: Translate): string => {
  if (message === VIEW_MESSAGES.nameRequired) return t('views.nameRequired');
  if (message === VIEW_MESSAGES.nameTooLong) return t('views.nameTooLong', { max: VIEW_LIMITS.nameMax });
  if (message === VIEW_MESSAGES.nameTaken) return t('views.nameTaken');
  if (message === VIEW_MESSAGES.tooMany) return t('views.tooMany', { max: VIEW_LIMITS.viewsPerUser });
  if (message === VIEW_MESSAGES.stateInvalid) return t('views.stateTooLong');
  return message;
};

/** The field message of a refused write: on `name` when the server names it, else its first message. */
const refusal = (e: HttpError, t: Translate): string => {
  const errors = (e.errors ?? {}) as Record<string, unknown>;
  const first = [errors.name, errors.state, errors.hiddenColumns, e.message].find((m) => typeof m === 'string' && m) as string;
  return nameMessage(first, t);
};

const sameColumns = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((k) => b.includes(k));

/**
 * "Visões" (issue 18): saves the list as it is now (filters, sort, page size and hidden columns)
 * under a name, and lists the user's views of this list to apply, rename, update or delete. Applying
 * a view opens the list at the view's URL, so what the list shows is what its address says.
 */
const ViewsDialogBody = ({ open, def, hidden, onClose }: ViewsDialogProps) => {
  const t = useTranslate();
  const { token } = theme.useToken();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { search } = useLocation();
  const state = viewStateOf(search);
  const { views, isLoading, isError, refetch } = useSavedViews(def.name, open);
  const { create, update, remove } = useViewWrites();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<{ viewId: string; name: string; error: string | null } | null>(null);
  const listName = t(def.titleKey);

  const save = () => {
    const problem = viewNameProblem(name) ?? (isViewState(state) ? null : VIEW_MESSAGES.stateInvalid);
    if (problem) return setNameError(nameMessage(problem, t));
    setNameError(null);
    create.mutate(
      { list: def.name, name, state, hiddenColumns: [...hidden] },
      { onSuccess: () => setName(''), onError: (e) => setNameError(refusal(e, t)) },
    );
  };

  const apply = (view: ListView) => {
    onClose();
    // A new entry: the list mounts again and reads everything from the address, and its columns
    // from the entry's state (ListRoute).
    navigate(viewPath(def.route, view), { state: { viewColumns: view.hiddenColumns } });
  };

  const rename = () => {
    if (!renaming) return;
    const problem = viewNameProblem(renaming.name);
    if (problem) return setRenaming({ ...renaming, error: nameMessage(problem, t) });
    update.mutate(
      { viewId: renaming.viewId, name: renaming.name },
      { onSuccess: () => setRenaming(null), onError: (e) => setRenaming((r) => (r ? { ...r, error: refusal(e, t) } : r)) },
    );
  };

  const replace = (view: ListView) => update.mutate({ viewId: view.viewId, state, hiddenColumns: [...hidden] });

  const confirmDelete = (view: ListView) =>
    modal.confirm({
      icon: CONFIRM_ICON,
      title: t('views.deleteConfirm', { name: view.name }),
      content: t('views.deleteConfirmText'),
      okText: t('views.deleteOk'),
      okButtonProps: { danger: true },
      cancelText: t('views.cancel'),
      onOk: () => remove.mutateAsync({ viewId: view.viewId }),
    });

  return (
    <Modal open={open} title={t('views.title', { list: listName })} onCancel={onClose} footer={null} width={560} destroyOnHidden>
      <Form layout="vertical" onFinish={save} requiredMark={false}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('views.saveHelp')}
        </Typography.Paragraph>
        <Form.Item label={t('views.name')} htmlFor="view-name" validateStatus={nameError ? 'error' : undefined} help={nameError ?? undefined} style={{ marginBottom: 8 }}>
          <Space.Compact style={{ width: '100%' }}>
            <Input
              id="view-name"
              value={name}
              maxLength={VIEW_LIMITS.nameMax * 2}
              placeholder={t('views.namePlaceholder')}
              aria-invalid={nameError ? true : undefined}
              onChange={(e) => {
                setName(e.target.value);
                if (nameError) setNameError(null);
              }}
            />
            <Button type="primary" htmlType="submit" loading={create.isPending}>
              {t('views.save')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>

      <h2 style={{ fontSize: token.fontSizeLG, fontWeight: 600, margin: '16px 0 8px' }}>{t('views.savedTitle')}</h2>
      {isError ? (
        <Alert
          type="error"
          showIcon
          icon={<AlertIcon type="error" />}
          message={t('views.loadError')}
          action={
            <Button size="small" onClick={() => void refetch()}>
              {t('app.retry')}
            </Button>
          }
        />
      ) : isLoading ? (
        <Spin />
      ) : views.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('views.empty')} />
      ) : (
        <ul aria-label={t('views.savedTitle')} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
          {views.map((v) => {
            const current = v.state === state && sameColumns(v.hiddenColumns, hidden);
            const editing = renaming?.viewId === v.viewId;
            return (
              <li key={v.viewId} style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius, padding: '8px 12px' }}>
                {editing ? (
                  <Form layout="vertical" onFinish={rename}>
                    <Form.Item
                      label={t('views.newName', { name: v.name })}
                      htmlFor={`view-rename-${v.viewId}`}
                      validateStatus={renaming.error ? 'error' : undefined}
                      help={renaming.error ?? undefined}
                      style={{ marginBottom: 8 }}
                    >
                      <Input
                        id={`view-rename-${v.viewId}`}
                        autoFocus
                        value={renaming.name}
                        maxLength={VIEW_LIMITS.nameMax * 2}
                        aria-invalid={renaming.error ? true : undefined}
                        onChange={(e) => setRenaming({ ...renaming, name: e.target.value, error: null })}
                        onKeyDown={(e) => {
                          // Esc leaves the renaming, not the whole dialog.
                          if (e.key === 'Escape') {
                            e.stopPropagation();
                            setRenaming(null);
                          }
                        }}
                      />
                    </Form.Item>
                    <Space wrap>
                      <Button type="primary" htmlType="submit" loading={update.isPending}>
                        {t('views.renameSave')}
                      </Button>
                      <Button onClick={() => setRenaming(null)}>{t('views.cancel')}</Button>
                    </Space>
                  </Form>
                ) : (
                  <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
                    <div style={{ flex: '1 1 160px', minWidth: 0 }}>
                      <div style={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{v.name}</div>
                      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                        {current ? t('views.current') : v.hiddenColumns.length ? t('views.hiddenCount', { count: v.hiddenColumns.length }) : null}
                      </Typography.Text>
                    </div>
                    <Space wrap size={4}>
                      <Button type="primary" size="small" aria-label={t('views.applyNamed', { name: v.name })} onClick={() => apply(v)}>
                        {t('views.apply')}
                      </Button>
                      <Button size="small" aria-label={t('views.renameNamed', { name: v.name })} onClick={() => setRenaming({ viewId: v.viewId, name: v.name, error: null })}>
                        {t('views.rename')}
                      </Button>
                      <Button size="small" aria-label={t('views.replaceNamed', { name: v.name })} disabled={current} onClick={() => replace(v)}>
                        {t('views.replace')}
                      </Button>
                      <Button size="small" danger aria-label={t('views.deleteNamed', { name: v.name })} onClick={() => confirmDelete(v)}>
                        {t('views.delete')}
                      </Button>
                    </Space>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
};

/** The delete confirmation needs antd's `modal`, which the app-wide <App> leaves out of the first load (ModalScope). */
const ViewsDialog = (props: ViewsDialogProps) => (
  <ModalScope>
    <ViewsDialogBody {...props} />
  </ModalScope>
);

export default ViewsDialog;
