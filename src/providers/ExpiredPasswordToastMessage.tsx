import type { MouseEvent } from 'react';
import { ACCOUNT_ROUTES } from '../domain/account';
import { t } from './i18nProvider';
import { readExpiredPasswordHandle, type ExpiredPasswordState } from './expiredPasswordHandle';
import { navigateInApp } from './inAppNavigation';

/**
 * SPEC §8 "Senha expirada, clique aqui para alterar:" followed by the link to the change screen. A
 * real <a href> keeps it a link for the keyboard, screen readers and a middle click; a plain click
 * stays inside the app so the handle travels in the router state. Without a handle (an expired
 * password reported by some other call) the only way left is the forgotten-password flow.
 */
export const ExpiredPasswordToastMessage = ({ text, color, onFollow }: { text: string; color: string; onFollow?: () => void }) => {
  const publicId = readExpiredPasswordHandle();
  const to = publicId ? ACCOUNT_ROUTES.changeExpired : ACCOUNT_ROUTES.forgot;
  const follow = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const state: ExpiredPasswordState | undefined = publicId ? { publicId } : undefined;
    if (navigateInApp(to, state)) e.preventDefault();
    onFollow?.();
  };
  return (
    <span style={{ color }}>
      {text}{' '}
      <a href={to} onClick={follow} style={{ color, textDecoration: 'underline', fontWeight: 600 }}>
        {t('auth.changeExpiredPassword')}
      </a>
    </span>
  );
};
