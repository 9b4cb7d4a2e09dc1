import { useTranslate } from '@refinedev/core';
import { theme } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import '../../i18n/loadAccountMessages';
import { readResetLinkFragment } from '../../domain/account';
import { LOGIN_ROUTE } from '../../providers/authProvider';
import { AccountShell } from './AccountShell';
import { ForgotCodeStep } from './ForgotCodeStep';
import { ForgotEmailStep, type CodeSent } from './ForgotEmailStep';
import { ForgotNewPasswordStep } from './ForgotNewPasswordStep';
import { loginNotice } from './loginNotice';

type Step = { name: 'email'; email: string } | { name: 'code'; sent: CodeSent } | { name: 'password'; sent: CodeSent };

const STEP_NUMBER: Record<Step['name'], number> = { email: 1, code: 2, password: 3 };

/**
 * Where the page starts: at the code step when it was opened from an administrator's reset link
 * (its fragment names the flow the mailed code belongs to), at the e-mail otherwise. The fragment is
 * dropped from the address at once, so the handle stays out of the history and of shared links.
 */
const initialStep = (hash: string): Step => {
  const flow = readResetLinkFragment(hash);
  if (!flow) return { name: 'email', email: '' };
  const expiresInSeconds = Math.max(0, flow.expiresAt - Math.floor(Date.now() / 1000));
  return { name: 'code', sent: { publicId: flow.publicId, email: '', maskedEmail: flow.maskedEmail, expiresInSeconds } };
};

/**
 * SPEC §7 forgotten password: verify_username > send_auth_code > verify_auth_code >
 * auth_change_password, one step on screen at a time; the flow's handle (`publicId`) lives only in
 * this page's state.
 */
const ForgotPasswordPage = () => {
  const t = useTranslate();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const { hash, pathname } = useLocation();
  const [step, setStep] = useState<Step>(() => initialStep(hash));
  useEffect(() => {
    if (readResetLinkFragment(hash)) navigate(pathname, { replace: true });
  }, [hash, pathname, navigate]);

  return (
    <AccountShell title={t('account.forgot.title')}>
      <p style={{ color: token.colorTextSecondary, margin: `-${token.marginXS}px 0 ${token.marginSM}px`, fontSize: token.fontSizeSM }}>
        {t('account.forgot.step', { step: STEP_NUMBER[step.name] })}
      </p>
      {step.name === 'email' && <ForgotEmailStep initialEmail={step.email} onSent={(sent) => setStep({ name: 'code', sent })} />}
      {step.name === 'code' && (
        <ForgotCodeStep
          // A new e-mail starts a new flow: the countdown and the code field start over with it.
          key={step.sent.publicId}
          sent={step.sent}
          onResent={(sent) => setStep({ name: 'code', sent })}
          onVerified={() => setStep({ name: 'password', sent: step.sent })}
          onOtherEmail={() => setStep({ name: 'email', email: step.sent.email })}
          onExpired={() => setStep({ name: 'email', email: step.sent.email })}
        />
      )}
      {step.name === 'password' && (
        <ForgotNewPasswordStep
          publicId={step.sent.publicId}
          onChanged={() => navigate(LOGIN_ROUTE, { replace: true, state: loginNotice('passwordChanged', step.sent.email) })}
          onExpired={() => setStep({ name: 'email', email: step.sent.email })}
        />
      )}
      <p style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
        <Link to={LOGIN_ROUTE}>{t('account.backToLogin')}</Link>
      </p>
    </AccountShell>
  );
};

export default ForgotPasswordPage;
