import { LockOutlined } from '@ant-design/icons';
import { useLogout, useNotification, useTranslate, type HttpError } from '@refinedev/core';
import { Button } from 'antd';
import Password from 'antd/es/input/Password';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import '../../i18n/loadAccountMessages';
import { matchErrorMessage } from '../../domain';
import { PASSWORD_MAX_LENGTH } from '../../domain/account';
import { PasswordFields } from '../../components/password/PasswordFields';
import { usePasswordPair } from '../../components/password/usePasswordPair';
import { HOME_ROUTE } from '../../providers/authProvider';
import { isFirstAccessPending, setFirstAccessPending, storeToken } from '../../providers/session';
import { LoginField } from '../../components/LoginField';
import { useAccountApi } from './accountApi';
import { AccountShell, Intro } from './AccountShell';
import { useAccountFailure } from './useAccountFailure';
import { passwordIconRender } from '../../components/password/passwordIcon';

/**
 * SPEC §7 first access: the password handed to the user must be replaced before anything else (the
 * app's routes send every other page here while the login's `firstAccess` is pending).
 */
const FirstAccessPage = () => {
  const t = useTranslate();
  const accountApi = useAccountApi();
  const navigate = useNavigate();
  const { open } = useNotification();
  const { mutate: logout } = useLogout();
  const fail = useAccountFailure();
  const password = usePasswordPair();
  const [current, setCurrent] = useState('');
  const [currentError, setCurrentError] = useState<string>();
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);

  if (!isFirstAccessPending()) return <Navigate to={HOME_ROUTE} replace />;

  const currentShown = currentError ?? (submitted && !current ? t('account.password.currentRequired') : undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const pairOk = password.check();
    if (!current || !pairOk) return;
    setPending(true);
    try {
      const answer = await accountApi.changePassword({ oldPassword: current, newPassword: password.pair.newPassword, firstAccess: true });
      // A server that starts a new session on the change answers its token; otherwise the current one stays good.
      if (answer && typeof answer.token === 'string' && answer.token) storeToken(answer.token);
      setFirstAccessPending(false);
      open?.({ type: 'success', message: t('account.firstAccess.done'), key: 'account-done' });
      navigate(HOME_ROUTE, { replace: true });
    } catch (error) {
      setPending(false);
      const failure = error as HttpError;
      const match = matchErrorMessage(failure.message);
      if (!failure.errors && match.kind === 'catalogue' && match.key === 'invalidCredentials') {
        setCurrentError(t('account.password.currentWrong'));
        return;
      }
      fail(failure, (fields) => {
        if (fields.oldPassword) setCurrentError(fields.oldPassword);
        password.setServerErrors({ newPassword: fields.newPassword, confirmation: fields.confirmation });
      });
    }
  };

  return (
    <AccountShell title={t('account.firstAccess.title')}>
      <Intro>{t('account.firstAccess.intro')}</Intro>
      <form noValidate onSubmit={submit}>
        <LoginField id="first-access-current" label={t('account.password.current')} error={currentShown}>
          <Password
            iconRender={passwordIconRender(t)}
            id="first-access-current"
            name="current-password"
            autoComplete="current-password"
            size="large"
            prefix={<LockOutlined aria-hidden />}
            maxLength={PASSWORD_MAX_LENGTH}
            autoFocus
            disabled={pending}
            value={current}
            onChange={(e) => {
              setCurrent(e.target.value);
              setCurrentError(undefined);
            }}
            aria-invalid={currentShown ? true : undefined}
            aria-describedby="first-access-current-error"
            status={currentShown ? 'error' : undefined}
          />
        </LoginField>
        <PasswordFields idPrefix="first-access" disabled={pending} {...password.fieldProps} />
        <Button type="primary" htmlType="submit" block size="large" loading={pending}>
          {pending ? t('account.firstAccess.submitting') : t('account.firstAccess.submit')}
        </Button>
        <Button type="link" block style={{ marginTop: 8 }} onClick={() => logout()} disabled={pending}>
          {t('account.logout')}
        </Button>
      </form>
    </AccountShell>
  );
};

export default FirstAccessPage;
