import { useNotification } from '@refinedev/core';
import { render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { ptBR } from '../../src/i18n/pt-BR';
import { ERROR_TOAST_BACKGROUND, errorText, toToast } from '../../src/providers/notificationProvider';
import { TOAST_MARGIN_PX } from '../../src/shell';
import { TestWrapper } from './TestWrapper';

type Params = Parameters<NonNullable<ReturnType<typeof useNotification>['open']>>[0];

const Opener = ({ toasts }: { toasts: Params[] }) => {
  const { open } = useNotification();
  useEffect(() => toasts.forEach((n) => open?.(n)), [open, toasts]);
  return null;
};

const hexToRgb = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

const showToasts = (toasts: Params[]) => render(<Opener toasts={toasts} />, { wrapper: TestWrapper() });

describe('notificationProvider', () => {
  it('turns the server text into the catalogue message', () => {
    expect(errorText('Invalid credentials')).toBe(ptBR.errors.invalidCredentials);
    expect(errorText('Share not found')).toBe(ptBR.errors.notFound.share);
  });

  it('hides technical text behind the unexpected message and keeps plain text as is', () => {
    expect(errorText('TypeError: x is undefined')).toBe(ptBR.errors.unexpected);
    expect(errorText('')).toBe(ptBR.errors.unexpected);
    expect(errorText('Cota reservada para outro comprador')).toBe('Cota reservada para outro comprador');
  });

  it('reads the description (Refine puts the server message there) before the generic title', () => {
    const toast = toToast({ type: 'error', message: 'Error (status code: 401)', description: 'Invalid credentials' });
    expect(toast.type).toBe('error');
    expect(toast.style).toMatchObject({ width: 356, background: ERROR_TOAST_BACKGROUND });
  });

  it('shows "Invalid credentials" as a red filled Portuguese toast at the bottom right, 64 px up', async () => {
    showToasts([{ key: 'login-error', type: 'error', message: 'Error', description: 'Invalid credentials' }]);
    const text = await screen.findByText(ptBR.errors.invalidCredentials);
    const notice = text.closest('.ant-notification-notice') as HTMLElement;
    expect(notice).toBeTruthy();
    expect(notice.style.backgroundColor).toBe(hexToRgb(ERROR_TOAST_BACKGROUND));
    expect(notice.style.width).toBe('356px');
    expect(text).toHaveStyle({ color: 'rgb(255, 255, 255)' });
    const container = notice.closest('.ant-notification') as HTMLElement;
    expect(container).toHaveClass('ant-notification-bottomRight');
    // The holder's offset plus the margin antd puts under each toast: the toast's edge is 64 px up.
    expect(parseInt(container.style.bottom, 10) + TOAST_MARGIN_PX).toBe(64);
  });

  it('shows a technical error as the unexpected message', async () => {
    showToasts([{ type: 'error', message: 'Error', description: 'TypeError: x is undefined' }]);
    expect(await screen.findByText(ptBR.errors.unexpected)).toBeInTheDocument();
    expect(screen.queryByText(/TypeError/)).not.toBeInTheDocument();
  });

  it('keeps success toasts plain (not red)', async () => {
    showToasts([{ type: 'success', message: 'Salvo', description: 'Tudo certo' }]);
    const text = await screen.findByText('Salvo');
    const notice = text.closest('.ant-notification-notice') as HTMLElement;
    expect(notice.style.backgroundColor).toBe('');
    expect(notice.style.width).toBe('356px');
  });

  it('shows at most three toasts at a time', async () => {
    showToasts(['um', 'dois', 'três', 'quatro', 'cinco'].map((m, i) => ({ key: `k${i}`, type: 'error' as const, message: m, description: `Aviso ${m}` })));
    await screen.findByText('Aviso cinco');
    await waitFor(() => expect(document.querySelectorAll('.ant-notification-notice-wrapper').length).toBe(3));
    expect(screen.queryByText('Aviso um')).not.toBeInTheDocument();
  });
});
