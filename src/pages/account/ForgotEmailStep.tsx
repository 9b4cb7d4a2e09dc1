import { MailOutlined } from '@ant-design/icons';
import { useTranslate, type HttpError } from '@refinedev/core';
import { Button } from 'antd';
import Input from 'antd/es/input/Input';
import { useState, type FormEvent } from 'react';
import { AUTH_CODE, type SendAuthCodeResponse } from '../../domain/account';
import { isEmail } from '../../domain/validation';
import { LoginField } from '../../components/LoginField';
import { useAccountApi } from './accountApi';
import { Intro } from './AccountShell';
import { useAccountFailure } from './useAccountFailure';

export interface CodeSent extends SendAuthCodeResponse {
  publicId: string;
  email: string;
}

/** Step 1: the e-mail. The server answers the same for any address, so nothing here says whether it exists. */
export const ForgotEmailStep = ({ initialEmail, onSent }: { initialEmail: string; onSent: (sent: CodeSent) => void }) => {
  const t = useTranslate();
  const accountApi = useAccountApi();
  const fail = useAccountFailure();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = email.trim();
    if (!trimmed || !isEmail(trimmed)) {
      setError(t(trimmed ? 'account.forgot.emailInvalid' : 'account.forgot.emailRequired'));
      return;
    }
    setPending(true);
    try {
      const { publicId } = await accountApi.verifyUsername(trimmed);
      const sent = await accountApi.sendAuthCode(publicId);
      onSent({ ...sent, publicId, email: trimmed });
    } catch (failure) {
      setPending(false);
      fail(failure as HttpError, (fields) => setError(fields.username ?? fields.email));
    }
  };

  return (
    <form noValidate onSubmit={submit}>
      <Intro>{t('account.forgot.emailIntro', { digits: AUTH_CODE.digits })}</Intro>
      <LoginField id="forgot-email" label={t('account.forgot.email')} error={error}>
        <Input
          id="forgot-email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="username"
          autoFocus
          size="large"
          prefix={<MailOutlined aria-hidden />}
          disabled={pending}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setError(undefined);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby="forgot-email-error"
          status={error ? 'error' : undefined}
        />
      </LoginField>
      <Button type="primary" htmlType="submit" block size="large" loading={pending}>
        {pending ? t('account.forgot.sending') : t('account.forgot.sendCode')}
      </Button>
    </form>
  );
};
