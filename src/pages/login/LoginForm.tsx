import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Button, theme } from 'antd';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ACCOUNT_ROUTES } from '../../domain/account';
import { readLoginNotice } from '../account/loginNotice';
import type { LoginParams } from '../../providers/authProvider';
import { useBrand } from '../../providers/BrandContext';
import { forgetSessionEnded, hasSessionEndedNotice } from '../../providers/session';
import { LoginField } from '../../components/LoginField';
import { validateLogin, type LoginErrors, type LoginValues } from './validateLogin';
import { passwordIconRender } from '../../components/password/passwordIcon';

export interface LoginFormProps {
  /** Signs in; the caller navigates on success and toasts the error on failure. */
  login: (params: LoginParams) => void;
  pending: boolean;
  /**
   * Called on each input (typing or a password manager's fill): the login shell loads the first
   * page's code while the user types, so the click waits for the login call and the page's data only.
   */
  onInput?: () => void;
}

/**
 * The login screen, free of Refine: the login shell (src/App.tsx) shows it before any session
 * exists, and the signed-in app's route (LoginPage) after a logout. Errors from the server (a wrong
 * password included) reach the user as toasts, through the notification provider that applies the
 * SPEC §8 catalogue; the form only checks its fields.
 * It is a plain form rather than antd's Form, Card and Typography: those would add some 30 KB gzip
 * to the first page anyone loads (DESIGN §5).
 */
export const LoginForm = ({ login, pending: isPending, onInput }: LoginFormProps) => {
  const { t } = useTranslation();
  const brand = useBrand();
  const { token } = theme.useToken();
  // An account screen that just changed the password says so here, with the e-mail when it knows it.
  const notice = readLoginNotice(useLocation().state);
  // A stored session that expired or broke brought the user here: say so once (issue 13).
  const [sessionEnded] = useState(hasSessionEndedNotice);
  useEffect(() => {
    if (sessionEnded) forgetSessionEnded();
  }, [sessionEnded]);
  const [values, setValues] = useState<LoginValues>({ email: notice?.email ?? '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const change = (field: keyof LoginValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Before the first submit the user is still typing; after it, errors clear as they are fixed.
    if (submitted) setErrors(validateLogin(next));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const found = validateLogin(values);
    setErrors(found);
    if (Object.keys(found).length === 0) login({ email: values.email.trim(), password: values.password });
  };

  const errorOf = (field: keyof LoginValues) => (errors[field] ? t(errors[field]!) : undefined);
  const a11y = (field: keyof LoginValues) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': `login-${field}-error`,
    status: errors[field] ? ('error' as const) : undefined,
  });

  return (
    <main style={{ minHeight: '100vh', boxSizing: 'border-box', display: 'grid', placeItems: 'center', padding: 16, background: token.colorBgLayout }}>
      <section
        aria-labelledby="login-title"
        style={{
          width: '100%',
          maxWidth: 400,
          // border-box: on a 390 px phone the padding must fit inside the width, not add to it.
          boxSizing: 'border-box',
          padding: 'clamp(20px, 6vw, 32px)',
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <h1 style={{ color: brand.primaryColor, margin: 0, fontSize: 32, fontWeight: 600 }} data-testid="brand-name">
          {brand.name}
        </h1>
        <p style={{ color: token.colorTextSecondary, marginTop: 4 }}>{t('auth.subtitle')}</p>
        <h2 id="login-title" style={{ fontSize: 20, fontWeight: 600, margin: '24px 0 16px', color: token.colorTextHeading }}>
          {t('auth.title')}
        </h2>
        {sessionEnded && !notice && (
          <p role="status" style={{ color: token.colorWarningText, background: token.colorWarningBg, padding: '8px 12px', borderRadius: token.borderRadius }}>
            {t('auth.sessionEnded')}
          </p>
        )}
        {notice && (
          <p role="status" style={{ color: token.colorSuccessText, background: token.colorSuccessBg, padding: '8px 12px', borderRadius: token.borderRadius }}>
            {t('auth.passwordChanged')}
          </p>
        )}
        <form noValidate onSubmit={submit} onInput={onInput}>
          <LoginField id="login-email" label={t('auth.email')} error={errorOf('email')}>
            <Input
              id="login-email"
              name="email"
              type="email"
              inputMode="email"
              autoComplete="username"
              autoFocus
              size="large"
              prefix={<MailOutlined aria-hidden />}
              disabled={isPending}
              value={values.email}
              onChange={(e) => change('email', e.target.value)}
              {...a11y('email')}
            />
          </LoginField>
          <LoginField id="login-password" label={t('auth.password')} error={errorOf('password')}>
            <Password
              iconRender={passwordIconRender(t)}
              id="login-password"
              name="password"
              autoComplete="current-password"
              size="large"
              prefix={<LockOutlined aria-hidden />}
              disabled={isPending}
              value={values.password}
              onChange={(e) => change('password', e.target.value)}
              {...a11y('password')}
            />
          </LoginField>
          <Button type="primary" htmlType="submit" block size="large" loading={isPending}>
            {isPending ? t('auth.signingIn') : t('auth.signIn')}
          </Button>
        </form>
        <p style={{ textAlign: 'center', margin: `${token.marginLG}px 0 0` }}>
          <Link to={ACCOUNT_ROUTES.forgot}>{t('auth.forgotPassword')}</Link>
        </p>
      </section>
    </main>
  );
};
