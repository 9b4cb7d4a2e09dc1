import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { useLogin, useTranslate } from '@refinedev/core';
import { Button, Form, Input, theme } from 'antd';
import { isEmail } from '../../domain/validation';
import type { LoginParams } from '../../providers/authProvider';
import { useBrand } from '../../providers/BrandContext';

/**
 * Errors (a wrong password included) reach the user as toasts through the notification provider,
 * which applies the SPEC §8 catalogue; the form itself only checks that the fields make sense.
 * Plain elements instead of antd's Card and Typography keep this first chunk small (DESIGN §5).
 */
const LoginPage = () => {
  const t = useTranslate();
  const brand = useBrand();
  const { token } = theme.useToken();
  const { mutate: login, isPending } = useLogin<LoginParams>();

  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16, background: token.colorBgLayout }}>
      <section
        aria-labelledby="login-title"
        style={{
          width: '100%',
          maxWidth: 400,
          padding: 32,
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <h1 style={{ color: brand.primaryColor, margin: 0, fontSize: 32, fontWeight: 700 }} data-testid="brand-name">
          {brand.name}
        </h1>
        <p style={{ color: token.colorTextSecondary, marginTop: 4 }}>{t('auth.subtitle')}</p>
        <h2 id="login-title" style={{ fontSize: 20, fontWeight: 600, margin: '24px 0 16px' }}>
          {t('auth.title')}
        </h2>
        <Form<LoginParams>
          layout="vertical"
          requiredMark={false}
          disabled={isPending}
          onFinish={(values) => login({ email: values.email.trim(), password: values.password })}
        >
          <Form.Item
            name="email"
            label={t('auth.email')}
            rules={[
              { required: true, whitespace: true, message: t('auth.emailRequired') },
              {
                validator: async (_, v?: string) =>
                  !v?.trim() || isEmail(v.trim()) ? undefined : Promise.reject(new Error(t('auth.emailInvalid'))),
              },
            ]}
          >
            <Input prefix={<MailOutlined />} type="email" autoComplete="username" autoFocus inputMode="email" />
          </Form.Item>
          <Form.Item name="password" label={t('auth.password')} rules={[{ required: true, message: t('auth.passwordRequired') }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={isPending}>
            {isPending ? t('auth.signingIn') : t('auth.signIn')}
          </Button>
        </Form>
      </section>
    </main>
  );
};

export default LoginPage;
