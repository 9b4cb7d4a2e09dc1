import { SafetyOutlined } from '@ant-design/icons';
import { useNotification, useTranslate, type HttpError } from '@refinedev/core';
import { Button, theme } from 'antd';
import Input from 'antd/es/input/Input';
import { useState, type FormEvent } from 'react';
import { AUTH_CODE, isAuthCodeShape } from '../../domain/account';
import { matchErrorMessage } from '../../domain';
import { errorText } from '../../providers/notificationProvider';
import { LoginField } from '../../components/LoginField';
import { useAccountApi } from './accountApi';
import type { CodeSent } from './ForgotEmailStep';
import { fieldErrorsOf, isRecoveryExpired } from './serverErrors';
import { useCountdown } from './useCountdown';

const RESEND_SECONDS = AUTH_CODE.resendIntervalMs / 1000;

/** Only the digits, however the code was typed or pasted ("123 456", "123-456"). */
const digitsOf = (text: string) => text.replace(/\D/g, '').slice(0, AUTH_CODE.digits);

/**
 * Step 2: the code that went by e-mail. A wrong, expired or used code is said on the field; a new
 * code may be asked once the resend interval (AUTH_CODE.resendIntervalMs) has passed.
 */
export const ForgotCodeStep = ({
  sent,
  onResent,
  onVerified,
  onOtherEmail,
  onExpired,
}: {
  sent: CodeSent;
  onResent: (sent: CodeSent) => void;
  onVerified: () => void;
  onOtherEmail: () => void;
  /** The flow is used up or too old: the toast says so and the user starts again. */
  onExpired: () => void;
}) => {
  const t = useTranslate();
  const { token } = theme.useToken();
  const accountApi = useAccountApi();
  const { open } = useNotification();
  const { remaining, restart } = useCountdown(RESEND_SECONDS);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const [resent, setResent] = useState(false);

  const expired = (err: HttpError) => {
    open?.({ type: 'error', message: t('errors.title'), description: err.message, key: 'account-error' });
    onExpired();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code) return setError(t('account.forgot.codeRequired'));
    if (!isAuthCodeShape(code)) return setError(t('account.forgot.codeShape', { digits: AUTH_CODE.digits }));
    setVerifying(true);
    try {
      await accountApi.verifyAuthCode(sent.publicId, code);
      onVerified();
    } catch (failure) {
      setVerifying(false);
      const err = failure as HttpError;
      if (isRecoveryExpired(err)) return expired(err);
      const field = fieldErrorsOf(err).code;
      const match = matchErrorMessage(err.message);
      // A refused code (wrong, expired, used up) is a 400; too many tries keep their catalogue message.
      if (field) setError(field);
      else if (match.kind === 'catalogue' && match.key === 'tooManyRequests') setError(errorText(err.message));
      else if (err.statusCode === 400) setError(t('account.forgot.codeWrong'));
      else open?.({ type: 'error', message: t('errors.title'), description: err.message, key: 'account-error' });
    }
  };

  const resend = async () => {
    setResending(true);
    setResent(false);
    try {
      const again = await accountApi.sendAuthCode(sent.publicId);
      onResent({ ...sent, ...again });
      setResent(true);
      setCode('');
      setError(undefined);
    } catch (failure) {
      if (isRecoveryExpired(failure as HttpError)) return expired(failure as HttpError);
      open?.({ type: 'error', message: t('errors.title'), description: (failure as HttpError).message, key: 'account-error' });
    } finally {
      setResending(false);
      restart();
    }
  };

  const minutes = Math.max(1, Math.round(sent.expiresInSeconds / 60));

  return (
    <form noValidate onSubmit={submit}>
      <div role="status" style={{ color: token.colorText, marginBottom: token.marginLG }}>
        {resent && <p style={{ margin: 0, fontWeight: 600 }}>{t('account.forgot.resent')}</p>}
        <p style={{ margin: 0 }}>{t('account.forgot.codeSent', { email: sent.maskedEmail })}</p>
        <p style={{ margin: 0, color: token.colorTextSecondary }}>{t('account.forgot.codeExpires', { count: minutes })}</p>
      </div>
      <LoginField id="forgot-code" label={t('account.forgot.code')} error={error}>
        <Input
          id="forgot-code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          autoFocus
          size="large"
          prefix={<SafetyOutlined aria-hidden />}
          disabled={verifying}
          value={code}
          onChange={(e) => {
            setCode(digitsOf(e.target.value));
            setError(undefined);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby="forgot-code-hint forgot-code-error"
          status={error ? 'error' : undefined}
          style={{ letterSpacing: '0.3em' }}
        />
        <div id="forgot-code-hint" style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM, marginTop: token.marginXXS }}>
          {t('account.forgot.codeHint', { digits: AUTH_CODE.digits })}
        </div>
      </LoginField>
      <Button type="primary" htmlType="submit" block size="large" loading={verifying}>
        {verifying ? t('account.forgot.verifying') : t('account.forgot.verify')}
      </Button>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, marginTop: token.marginSM }}>
        <Button type="link" onClick={resend} disabled={remaining > 0 || resending || verifying} style={{ paddingInline: 0 }}>
          {remaining > 0 ? t('account.forgot.resendIn', { count: remaining }) : t('account.forgot.resend')}
        </Button>
        <Button type="link" onClick={onOtherEmail} disabled={verifying} style={{ paddingInline: 0 }}>
          {t('account.forgot.otherEmail')}
        </Button>
      </div>
    </form>
  );
};
