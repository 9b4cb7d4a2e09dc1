import { useTranslate } from '@refinedev/core';
import { theme } from 'antd';
import type { ReactNode } from 'react';
import { useBrand } from '../../providers/BrandContext';

/** The login page's frame (brand name and colour, one card) around an account screen. */
export const AccountShell = ({ title, children }: { title: string; children: ReactNode }) => {
  const t = useTranslate();
  const brand = useBrand();
  const { token } = theme.useToken();
  return (
    <main style={{ minHeight: '100vh', boxSizing: 'border-box', display: 'grid', placeItems: 'center', padding: 16, background: token.colorBgLayout }}>
      <section
        aria-labelledby="account-title"
        style={{
          width: '100%',
          maxWidth: 440,
          // border-box: on a 390 px phone the padding must fit inside the width, not add to it.
          boxSizing: 'border-box',
          padding: 'clamp(20px, 6vw, 32px)',
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <div style={{ color: brand.primaryColor, margin: 0, fontSize: 32, fontWeight: 600 }} data-testid="brand-name">
          {brand.name}
        </div>
        <p style={{ color: token.colorTextSecondary, marginTop: 4 }}>{t('auth.subtitle')}</p>
        <h1 id="account-title" style={{ fontSize: 20, fontWeight: 600, margin: '24px 0 16px', color: token.colorTextHeading }}>
          {title}
        </h1>
        {children}
      </section>
    </main>
  );
};

/** A paragraph of guidance under the title. */
export const Intro = ({ children }: { children: ReactNode }) => {
  const { token } = theme.useToken();
  return <p style={{ color: token.colorText, margin: `0 0 ${token.marginLG}px` }}>{children}</p>;
};
