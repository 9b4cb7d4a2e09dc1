import { useTranslate } from '@refinedev/core';
import { Button, Descriptions, Form } from 'antd';
import { FormSelect } from '../../components/FormSelect';
import { type ShareDetail, type UserItem } from '../../domain';
import { shareRecord, useReferenceList } from '../../hooks/useShareWorkspace';
import { useApiWrite } from '../../hooks/useApi';
import { SHARE_LIST_RESOURCES } from '../../hooks/useShareAction';
import { useUnsavedForm } from './unsaved';

/** POST /share/transfer_responsible_save, choosing among GET /user/list?profile=operator. */
const ResponsibleTab = ({ share }: { share: ShareDetail }) => {
  const t = useTranslate();
  const operators = useReferenceList<UserItem>('user.list', { profile: 'operator', limit: 100 });
  const unsaved = useUnsavedForm('responsible');
  const save = useApiWrite({ endpoint: 'share.transferResponsibleSave', success: 'workspace.responsible.saved', ...shareRecord(share.contractNumber), lists: SHARE_LIST_RESOURCES });
  return (
    <>
      <Descriptions size="small" items={[{ key: 'current', label: t('workspace.responsible.current'), children: share.transferResponsible?.name ?? t('workspace.responsible.none') }]} />
      <Form
        layout="inline"
        name="responsible"
        noValidate
        initialValues={{ responsibleId: share.transferResponsible?.userId }}
        onValuesChange={unsaved.changed}
        onFinish={(v: { responsibleId: string }) =>
          save
            .mutateAsync({ shareId: share.shareId, responsibleId: v.responsibleId })
            .then(unsaved.saved)
            .catch(() => undefined)
        }
      >
        <Form.Item name="responsibleId" label={t('workspace.responsible.choose')} rules={[{ required: true, message: t('validation.required') }]}>
          <FormSelect
            style={{ minWidth: 280 }}
            showSearch
            optionFilterProp="label"
            loading={operators.isLoading}
            options={operators.list.map((u) => ({ value: u.userId, label: `${u.name} (${u.email})` }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('workspace.responsible.save')}
        </Button>
      </Form>
    </>
  );
};

export default ResponsibleTab;
