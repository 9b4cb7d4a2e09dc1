import { useCan, useCustomMutation, useInvalidate, useTranslate } from '@refinedev/core';
import { App, Button } from 'antd';
import type { ResourceDef, RowActionDef } from '../../resources';
import { CONFIRM_ICON } from '../../components/AlertIcon';

interface Props {
  def: ResourceDef;
  id: string;
  record: Readonly<Record<string, unknown>>;
}

const RecordAction = ({ def, id, record, action }: Props & { action: RowActionDef }) => {
  const t = useTranslate();
  const { modal } = App.useApp();
  const invalidate = useInvalidate();
  const { data: allowed } = useCan({ resource: def.name, action: action.name, params: { id } });
  const { mutateAsync, mutation } = useCustomMutation<Record<string, unknown>>();
  const endpoint = def.api.actions?.[action.name];
  if (!endpoint || allowed?.can !== true || (action.when && !action.when(record))) return null;
  const name = String(record[def.crud?.nameField ?? 'name'] ?? '');

  const run = () =>
    mutateAsync({
      url: endpoint.path,
      method: 'post',
      values: {},
      // The data provider sends the resource's own endpoint for this action, with the record's id.
      meta: { resource: def.name, action: action.name, id },
      successNotification: (answer) => ({ type: 'success', message: t(action.successKey, { name, ...(answer?.data ?? {}) }) }),
    })
      .then(() => invalidate({ resource: def.name, invalidates: ['list', 'detail'], id }))
      .catch(() => undefined);

  const click = () => {
    if (!action.confirmKey) return void run();
    modal.confirm({
      icon: CONFIRM_ICON,
      title: t(action.confirmKey, { name }),
      okText: t('management.actions.confirm'),
      cancelText: t('management.actions.cancel'),
      okButtonProps: { danger: action.danger },
      onOk: run,
    });
  };

  return (
    <Button danger={action.danger} loading={mutation.isPending} onClick={click}>
      {t(action.labelKey)}
    </Button>
  );
};

/** The record's own actions (Desativar/Ativar, Enviar redefinição de senha), each behind its permission. */
export const RecordActions = (props: Props) => (
  <>
    {(props.def.crud?.actions ?? []).map((action) => (
      <RecordAction key={action.name} {...props} action={action} />
    ))}
  </>
);
