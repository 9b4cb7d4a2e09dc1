import { PlusOutlined } from '@ant-design/icons';
import { useList, useTranslate } from '@refinedev/core';
import { Button, Form, Modal, Radio, Space, Typography } from 'antd';
import { FormSelect } from '../../components/FormSelect';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import '../../i18n/loadAuctionMessages';
import type { AuctionItem } from '../../domain';
import { useApiWrite } from '../../hooks/useApi';
import { useCanDo, useGrantee } from '../../hooks/useSession';
import { auctionPath } from '../../domain/auctionPaths';
import { takeNewAuctionAsk } from '../../components/layout/newAuctionAsk';

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
  // Asked from the command palette (issue 18): open at once.
  const [open, setOpen] = useState(takeNewAuctionAsk);
  const [form] = Form.useForm<CreateValues>();
  const navigate = useNavigate();
  const create = useApiWrite<Pick<AuctionItem, 'auctionId'>>({ endpoint: 'auction.create', success: 'auctions.create.done', lists: ['auctions'] });
  const submit = (v: CreateValues) =>
    create.mutate(
      { isAuction: v.isAuction, ...(v.admId ? { admId: v.admId } : {}) },
      {
        onSuccess: (data) => {
          setOpen(false);
          navigate(auctionPath(data.auctionId));
        },
      },
    );
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
        <Form<CreateValues> form={form} layout="vertical" name="new-auction" initialValues={{ isAuction: true }} onFinish={submit} preserve={false}>
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
