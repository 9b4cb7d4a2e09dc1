import { useInvalidate, useNotification, useTranslate } from '@refinedev/core';
import { Alert, Button, Form, Modal, Progress } from 'antd';
import { FormSelect } from '../../components/FormSelect';
import { useId } from 'react';
import '../../i18n/loadWorkspaceMessages';
import '../../i18n/loadPlayerMessages';
import { STORAGE_LIMITS, guard, isNonEmptyStringArray, isServerId } from '../../domain';
import { playerFileTypeKey, type PlayerFileType, type PlayerFileTypeItem, type SendPlayerFileResponse } from '../../domain/playerFiles';
import { checkFile, type PendingUpload } from '../../hooks/storageUpload';
import { useApiCall, useApiList } from '../../hooks/useApi';
import { useUpload } from '../../hooks/useUpload';
import { FilePick } from './FilePick';
import { PlayerPicker, type PickedPlayer } from './PlayerPicker';
import { AlertIcon } from '../../components/AlertIcon';

/** Player files are platform files: no administrator owns them, only operators read them. */
export const PLAYER_FILES_ADM_SLUG = 'repasse';

interface Values {
  fileType?: PlayerFileType;
  players?: PickedPlayer[];
  file?: File | null;
}

/**
 * 'Enviar arquivo': type, players and file, then the file goes up in parts with its progress, and
 * POST /player/send_player_file completes the upload and records the sending (SPEC §7). The modal
 * stays open on an error, which it shows in place, so the user can fix the choice and try again.
 */
const SendPlayerFileModal = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const t = useTranslate();
  const call = useApiCall();
  const ids = { type: useId(), players: useId(), file: useId() };
  const [form] = Form.useForm<Values>();
  const { open: notify } = useNotification();
  const invalidate = useInvalidate();
  const { state, start, cancel, reset } = useUpload(PLAYER_FILES_ADM_SLUG);
  const sending = state.status === 'uploading';
  const types = useApiList<PlayerFileTypeItem>('player.listFileTypes', {}, { staleTime: Infinity });

  const close = () => {
    if (sending) cancel();
    reset();
    form.resetFields();
    onClose();
  };

  const submit = async ({ fileType, players = [], file }: Values) => {
    if (!fileType || !file) return;
    const playerIds = players.map((p) => String(p.value));
    const complete = async (upload: PendingUpload, signal?: AbortSignal) => {
      // SPEC §5 call guards: nothing malformed leaves the browser.
      guard({ fileId: isServerId(upload.fileId), players: isNonEmptyStringArray(playerIds), parts: isNonEmptyStringArray(upload.parts) });
      const sent = await call<SendPlayerFileResponse>('player.sendPlayerFile', { ...upload, fileType, players: playerIds }, { signal });
      return sent.file;
    };
    const ref = await start(file, { complete });
    if (!ref) return;
    notify?.({ type: 'success', message: t('playerFiles.sendModal.sent', { count: playerIds.length, name: ref.fileName }) });
    await invalidate({ resource: 'playerFiles', invalidates: ['list'] });
    reset();
    form.resetFields();
    onClose();
  };

  const mb = Math.round(STORAGE_LIMITS.maxFileBytes / (1024 * 1024));

  return (
    <Modal
      open={open}
      title={t('playerFiles.sendModal.title')}
      onCancel={close}
      maskClosable={!sending}
      destroyOnHidden
      footer={[
        sending ? (
          <Button key="cancel-upload" onClick={cancel}>
            {t('playerFiles.sendModal.cancelUpload')}
          </Button>
        ) : (
          <Button key="cancel" onClick={close}>
            {t('playerFiles.sendModal.cancel')}
          </Button>
        ),
        <Button key="submit" type="primary" loading={sending} onClick={() => form.submit()}>
          {sending ? t('playerFiles.sendModal.sending') : t('playerFiles.sendModal.submit')}
        </Button>,
      ]}
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit} disabled={sending} requiredMark>
        {types.isError && (
          <Alert
            type="error"
            showIcon
            icon={<AlertIcon type="error" />}
            role="alert"
            style={{ marginBottom: 16 }}
            message={t('playerFiles.sendModal.fileTypesError')}
            action={
              <Button size="small" onClick={() => void types.refetch()}>
                {t('playerFiles.sendModal.retry')}
              </Button>
            }
          />
        )}
        <Form.Item name="fileType" htmlFor={ids.type} label={t('playerFiles.sendModal.fileType')} rules={[{ required: true, message: t('playerFiles.sendModal.fileTypeRequired') }]}>
          <FormSelect
            id={ids.type}
            loading={types.isLoading}
            placeholder={t('playerFiles.sendModal.fileTypePlaceholder')}
            options={types.list.map((x) => ({ value: x.fileType, label: t(playerFileTypeKey(x.fileType)) }))}
          />
        </Form.Item>
        <Form.Item
          name="players"
          htmlFor={ids.players}
          label={t('playerFiles.sendModal.players')}
          rules={[{ required: true, type: 'array', min: 1, message: t('playerFiles.sendModal.playersRequired') }]}
        >
          <PlayerPicker id={ids.players} />
        </Form.Item>
        <Form.Item
          name="file"
          htmlFor={ids.file}
          label={t('playerFiles.sendModal.file')}
          rules={[
            { required: true, message: t('playerFiles.sendModal.fileRequired') },
            {
              validator: async (_, file?: File | null) => {
                const problem = file ? checkFile(file) : null;
                if (problem) throw new Error(t(`upload.errors.${problem}`, { mb }));
              },
            },
          ]}
        >
          <FilePick id={ids.file} />
        </Form.Item>
      </Form>
      <div aria-live="polite">
        {sending && <Progress percent={state.percent} status="active" aria-label={t('playerFiles.sendModal.progress', { name: state.fileName ?? '' })} />}
        {state.status === 'error' && state.error && <Alert type="error" showIcon icon={<AlertIcon type="error" />} role="alert" message={state.error} />}
      </div>
    </Modal>
  );
};

export default SendPlayerFileModal;
