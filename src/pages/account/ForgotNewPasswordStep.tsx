import { useTranslate, type HttpError } from '@refinedev/core';
import { Button } from 'antd';
import { useState, type FormEvent } from 'react';
import { PasswordFields } from '../../components/password/PasswordFields';
import { usePasswordPair } from '../../components/password/usePasswordPair';
import { useAccountApi } from './accountApi';
import { Intro } from './AccountShell';
import { isRecoveryExpired } from './serverErrors';
import { useAccountFailure } from './useAccountFailure';

/** Step 3: the new password, under the policy, for the flow the verified code opened. */
export const ForgotNewPasswordStep = ({ publicId, onChanged, onExpired }: { publicId: string; onChanged: () => void; onExpired: () => void }) => {
  const t = useTranslate();
  const accountApi = useAccountApi();
  const fail = useAccountFailure();
  const password = usePasswordPair();
  const [pending, setPending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password.check()) return;
    setPending(true);
    try {
      await accountApi.authChangePassword({ publicId, newPassword: password.pair.newPassword });
      onChanged();
    } catch (error) {
      setPending(false);
      fail(error as HttpError, (fields) => password.setServerErrors({ newPassword: fields.newPassword, confirmation: fields.confirmation }));
      // The change window closed (or the flow was used): the toast says so and the flow starts over.
      if (isRecoveryExpired(error as HttpError)) onExpired();
    }
  };

  return (
    <form noValidate onSubmit={submit}>
      <Intro>{t('account.forgot.passwordIntro')}</Intro>
      <PasswordFields idPrefix="forgot" autoFocus disabled={pending} {...password.fieldProps} />
      <Button type="primary" htmlType="submit" block size="large" loading={pending}>
        {pending ? t('account.forgot.submitting') : t('account.forgot.submit')}
      </Button>
    </form>
  );
};
