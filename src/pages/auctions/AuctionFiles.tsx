import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { App, Button, Space, Table, type TableColumnsType } from 'antd';
import { FormSelect } from '../../components/FormSelect';
import { useState } from 'react';
import { formatDateTime } from '../../components/formatters';
import { AUCTION_ADDITIONAL_FILE_TYPES, isAuctionOpen, type AuctionFileItem, type AuctionFileType, type AuctionInfo } from '../../domain';
import { FileLink } from '../../components/FileLink';
import { QueryError } from './QueryError';
import { UploadingPicker } from './UploadingPicker';
import { auctionAdmSlug } from './slug';
import { useApiWrite } from '../../hooks/useApi';
import { useAdditionalFiles, auctionWrite } from './useAuction';
import { CONFIRM_ICON } from '../../components/AlertIcon';

/** The notice and any other file of the auction: listed for everyone, added and removed while it is open. */
export const AuctionFiles = ({ auction, canWrite }: { auction: AuctionInfo; canWrite: boolean }) => {
  const t = useTranslate();
  const { modal } = App.useApp();
  const files = useAdditionalFiles(auction.auctionId);
  const [fileType, setFileType] = useState<AuctionFileType>('AUCTION_NOTICE');
  const add = useApiWrite({ endpoint: 'auction.addFile', ...auctionWrite(auction.auctionId), success: 'auctions.files.added' });
  const remove = useApiWrite({ endpoint: 'auction.removeFile', ...auctionWrite(auction.auctionId), success: 'auctions.files.removed' });
  const editable = canWrite && isAuctionOpen(auction.status);

  const confirmRemove = (file: AuctionFileItem) =>
    modal.confirm({
      icon: CONFIRM_ICON,
      title: t('auctions.files.removeTitle'),
      content: t('auctions.files.removeText', { name: file.fileName }),
      okText: t('auctions.files.removeConfirm'),
      okButtonProps: { danger: true },
      cancelText: t('auctions.files.removeKeep'),
      onOk: () => remove.mutateAsync({ fileId: file.fileId, fileType: file.fileType }).catch(() => undefined),
    });

  const columns: TableColumnsType<AuctionFileItem> = [
    {
      key: 'name',
      dataIndex: 'fileName',
      title: t('auctions.files.name'),
      render: (name: string, file: AuctionFileItem) =>
        file.filePath ? (
          <FileLink file={{ fileName: name, filePath: file.filePath }} />
        ) : (
          <Space>
            <PaperClipOutlined aria-hidden />
            {name}
          </Space>
        ),
    },
    { key: 'type', dataIndex: 'fileType', title: t('auctions.files.type'), render: (v: AuctionFileType) => t(`auctions.files.types.${v}`) },
    { key: 'uploadedAt', dataIndex: 'uploadedAt', title: t('auctions.files.uploadedAt'), render: (v: string) => formatDateTime(v) },
    ...(editable
      ? [
          {
            key: 'actions',
            title: t('common.actions'),
            width: 90,
            render: (_: unknown, file: AuctionFileItem) => (
              <Button type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('auctions.files.remove', { name: file.fileName })} onClick={() => confirmRemove(file)} />
            ),
          },
        ]
      : []),
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {editable && (
        <Space wrap align="start">
          <FormSelect<AuctionFileType>
            aria-label={t('auctions.files.type')}
            value={fileType}
            onChange={setFileType}
            options={AUCTION_ADDITIONAL_FILE_TYPES.map((v) => ({ value: v, label: t(`auctions.files.types.${v}`) }))}
            style={{ width: 200 }}
          />
          <UploadingPicker
            admSlug={auctionAdmSlug(auction)}
            label={t('auctions.files.add')}
            testId="auction-file-input"
            onUploaded={(file) => add.mutateAsync({ files: [file.fileId], fileType })}
          />
        </Space>
      )}
      <QueryError error={files.error} retry={() => void files.refetch()}>
        <Table<AuctionFileItem>
          size="small"
          rowKey="fileId"
          loading={files.isLoading}
          columns={columns}
          dataSource={files.list}
          pagination={false}
          locale={{ emptyText: t('auctions.files.empty') }}
          data-testid="auction-files"
          scroll={{ x: 'max-content' }}
        />
      </QueryError>
    </Space>
  );
};

export default AuctionFiles;
