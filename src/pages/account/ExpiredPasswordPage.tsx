import { useTranslate, type HttpError } from '@refinedev/core';
import { Button, theme } from 'antd';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import '../../i18n/loadAccountMessages';
import { ACCOUNT_ROUTES } from '../../domain/account';
import { PasswordFields } from '../../components/password/PasswordFields';
import { usePasswordPair } from '../../components/password/usePasswordPair';
import { LOGIN_ROUTE } from '../../providers/authProvider';
import { useAccountApi } from './accountApi';
import { AccountShell, Intro } from './AccountShell';
import { forgetExpiredPasswordHandle, readExpiredPasswordHandle, type ExpiredPasswordState } from '../../providers/expiredPasswordHandle';
import { loginNotice } from './loginNotice';
import { isRecoveryExpired } from './serverErrors';
import { useAccountFailure } from './useAccountFailure';

/**
 * SPEC §8 expired password: reached from the login's toast with the flow handle the login's 401
 * carried (router state; this tab's storage after a reload). The old password was already proven, so
 * only the new one is asked.
 */
const ExpiredPasswordPage = () => {
  const t = useTranslate();
  const { token } = theme.useToken();
  const accountApi = useAccountApi();
  const navigate = useNavigate();
  const location = useLocation();
  const fail = useAccountFailure();
  const password = usePasswordPair();
  const [pending, setPending] = useState(false);
  const [publicId] = useState(() => (location.state as Partial<ExpiredPasswordState> | null)?.publicId ?? readExpiredPasswordHandle());
  // The handle is good for a short while and once (AUTH_CODE.changeWindowMs); after that, a new login hands another.
  const [handleGone, setHandleGone] = useState(false);

  if (!publicId || handleGone) {
    return (
      <AccountShell title={t('account.expired.title')}>
        <p role="alert" style={{ color: token.colorText }}>
          {t(handleGone ? 'account.expired.handleExpired' : 'account.expired.noHandle')}
        </p>
        <nav style={{ display: 'flex', justifyContent: 'space-between', gap: 16 }}>
          <Link to={LOGIN_ROUTE}>{t('account.backToLogin')}</Link>
          <Link to={ACCOUNT_ROUTES.forgot}>{t('account.expired.forgot')}</Link>
        </nav>
      </AccountShell>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password.check()) return;
    setPending(true);
    try {
      await accountApi.authChangePassword({ publicId, newPassword: password.pair.newPassword });
      forgetExpiredPasswordHandle();
      navigate(LOGIN_ROUTE, { replace: true, state: loginNotice('passwordChanged') });
    } catch (error) {
      setPending(false);
      if (isRecoveryExpired(error as HttpError)) {
        forgetExpiredPasswordHandle();
        setHandleGone(true);
        return;
      }
      fail(error as HttpError, (fields) => password.setServerErrors({ newPassword: fields.newPassword, confirmation: fields.confirmation }));
    }
  };

  return (
    <AccountShell title={t('account.expired.title')}>
      <Intro>{t('account.expired.intro')}</Intro>
      <form noValidate onSubmit={submit}>
        <PasswordFields idPrefix="expired" autoFocus disabled={pending} {...password.fieldProps} />
        <Button type="primary" htmlType="submit" block size="large" loading={pending}>
          {pending ? t('account.expired.submitting') : t('account.expired.submit')}
        </Button>
      </form>
      <p style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
        <Link to={LOGIN_ROUTE}>{t('account.backToLogin')}</Link>
      </p>
    </AccountShell>
  );
};

export default ExpiredPasswordPage;
