import { PlusOutlined } from '@ant-design/icons';
import { useInvalidate, useList, useNotification, useTranslate, type HttpError } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Modal, Radio, Space, Typography } from 'antd';
import { FormSelect } from '../../components/FormSelect';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import '../../i18n/loadAuctionMessages';
import { API, type AuctionItem } from '../../domain';
import { callApi } from '../../hooks/api';
import { useHttp } from '../../hooks/HttpContext';
import { useCanDo, useGrantee } from '../../hooks/useSession';
import { auctionPath } from './paths';

interface CreateValues {
  isAuction: boolean;
  admId?: number;
}

/**
 * There is no call that lists administrators: an operator picks one already seen on an auction, or
 * types its code (the number in `adm-<id>`), which becomes an option of its own.
 */
const AdministratorPicker = ({ value, onChange }: { value?: number; onChange?: (v?: number) => void }) => {
  const t = useTranslate();
  const [typed, setTyped] = useState('');
  const { result, query } = useList<AuctionItem>({ resource: 'auctions', pagination: { currentPage: 1, pageSize: 100 } });
  const options = useMemo(() => {
    const known = new Map<number, string>();
    for (const a of result.data) if (a.admId != null && a.administratorName) known.set(a.admId, a.administratorName);
    const list = [...known].map(([id, name]) => ({ value: id, label: `${name} (${id})` }));
    const asId = /^\d{1,9}$/.test(typed.trim()) ? Number(typed.trim()) : null;
    for (const id of [asId, value]) {
      if (id && id > 0 && !known.has(id) && !list.some((o) => o.value === id)) list.push({ value: id, label: t('auctions.create.administratorById', { id }) });
    }
    return list.sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
  }, [result.data, typed, value, t]);
  return (
    <FormSelect
      id="new-auction-adm"
      showSearch
      allowClear
      loading={query.isLoading}
      placeholder={t('auctions.create.administratorPlaceholder')}
      optionFilterProp="label"
      onSearch={setTyped}
      value={value}
      options={options}
      onChange={(v?: number) => onChange?.(v ?? undefined)}
    />
  );
};

/** 'Novo leilão' next to the list's title: choose auction or direct sale, create, open it. */
const NewAuctionButton = () => {
  const t = useTranslate();
  const mayWrite = useCanDo('auction.write');
  const { profile } = useGrantee();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<CreateValues>();
  const client = useHttp();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const { open: notify } = useNotification();
  const create = useMutation<Pick<AuctionItem, 'auctionId'>, HttpError, CreateValues>({
    mutationFn: (v) => callApi(client, API.auction.create, { isAuction: v.isAuction, ...(v.admId ? { admId: v.admId } : {}) }),
    onSuccess: async (data) => {
      notify?.({ type: 'success', message: t('auctions.create.done') });
      setOpen(false);
      await invalidate({ resource: 'auctions', invalidates: ['list'] });
      navigate(auctionPath(data.auctionId));
    },
    onError: (error) => notify?.({ type: 'error', message: t('errors.title'), description: error.message }),
  });
  if (!mayWrite) return null;
  const operator = profile === 'operator';
  return (
    <>
      <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {t('auctions.create.button')}
      </Button>
      <Modal
        open={open}
        title={t('auctions.create.title')}
        okText={t('auctions.create.submit')}
        cancelText={t('auctions.create.cancel')}
        confirmLoading={create.isPending}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form<CreateValues> form={form} layout="vertical" name="new-auction" initialValues={{ isAuction: true }} onFinish={(v) => create.mutate(v)} preserve={false}>
          <Form.Item name="isAuction" label={t('auctions.create.type')}>
            <Radio.Group>
              <Space direction="vertical">
                <Radio value={true}>
                  <strong>{t('auctions.create.auction')}</strong>
                  <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                    {t('auctions.create.auctionHelp')}
                  </Typography.Paragraph>
                </Radio>
                <Radio value={false}>
                  <strong>{t('auctions.create.directSale')}</strong>
                  <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                    {t('auctions.create.directSaleHelp')}
                  </Typography.Paragraph>
                </Radio>
              </Space>
            </Radio.Group>
          </Form.Item>
          {operator && (
            <Form.Item
              name="admId"
              label={t('auctions.create.administrator')}
              extra={t('auctions.create.administratorHelp')}
              htmlFor="new-auction-adm"
              rules={[{ required: true, message: t('validation.required') }]}
            >
              <AdministratorPicker />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  );
};

export default NewAuctionButton;
