import { CloseCircleFilled, CloseOutlined } from '@ant-design/icons';
import type { NotificationProvider, OpenNotificationParams } from '@refinedev/core';
import { App } from 'antd';
import type { ArgsProps, NotificationInstance } from 'antd/es/notification/interface';
import { useMemo, type CSSProperties } from 'react';
import { TOAST, matchErrorMessage, type CatalogueParam } from '../domain';
import { ExpiredPasswordToastMessage } from './ExpiredPasswordToastMessage';
import { t } from './i18nProvider';

export const ERROR_TOAST_BACKGROUND = '#d32f2f';
const WHITE = '#ffffff';

/** SPEC §2: errors are a red filled box; every toast is 356 px wide (SPEC §9). */
export const ERROR_TOAST_STYLE: CSSProperties = { width: TOAST.widthPx, background: ERROR_TOAST_BACKGROUND, color: WHITE };
const TOAST_STYLE: CSSProperties = { width: TOAST.widthPx };

const OR_LIST = typeof Intl.ListFormat === 'function' ? new Intl.ListFormat('pt-BR', { type: 'disjunction' }) : null;

/** A catalogue value in words: keys translated ("Pagamento realizado"), several as "A, B ou C". */
const paramText = (param: CatalogueParam): string => {
  if (typeof param === 'string') return param;
  const words = param.keys.map((key) => (param.quote ? `“${t(key)}”` : t(key)));
  return OR_LIST ? OR_LIST.format(words) : words.join(' ou ');
};

/** SPEC §8: a server's text becomes its catalogue message, the "unexpected" message, or stays as is. */
export const errorText = (text: string | null | undefined): string => {
  const match = matchErrorMessage(text);
  if (match.kind === 'catalogue')
    return t(`errors.${match.key}`, match.params ? Object.fromEntries(Object.entries(match.params).map(([name, p]) => [name, paramText(p)])) : undefined);
  if (match.kind === 'unexpected') return t('errors.unexpected');
  return match.message;
};

/**
 * Refine puts the server's message in `description` and a generic English title in `message`
 * ("Error (status code: 404)"), so the description, when there is one, is what the user must read.
 */
export const toToast = (params: OpenNotificationParams, close?: () => void): ArgsProps & { type: 'error' | 'success' | 'info' } => {
  const key = params.key;
  if (params.type === 'error') {
    const serverText = params.description || params.message;
    const text = errorText(serverText);
    const match = matchErrorMessage(serverText);
    // SPEC §8: the expired-password message ends in a link; it stays until closed so it can be reached.
    const expired = match.kind === 'catalogue' && match.key === 'passwordExpired';
    return {
      key,
      type: 'error',
      role: 'alert',
      message: expired ? (
        <ExpiredPasswordToastMessage text={text} color={WHITE} onFollow={close} />
      ) : (
        <span style={{ color: WHITE }}>{text}</span>
      ),
      ...(expired ? { duration: 0 } : {}),
      icon: <CloseCircleFilled aria-hidden style={{ color: WHITE }} />,
      closeIcon: <CloseOutlined aria-hidden style={{ color: WHITE }} />,
      className: 'repasse-toast repasse-toast--error',
      style: ERROR_TOAST_STYLE,
    };
  }
  return {
    key,
    type: params.type === 'success' ? 'success' : 'info',
    role: 'status',
    message: params.message,
    description: params.description,
    className: 'repasse-toast',
    style: TOAST_STYLE,
  };
};

let toastSeq = 0;

export const createNotificationProvider = (api: NotificationInstance): NotificationProvider => ({
  open: (params) => {
    const key = params.key ?? `toast-${++toastSeq}`;
    const { type, ...args } = toToast({ ...params, key }, () => api.destroy(key));
    api[type](args);
  },
  close: (key) => api.destroy(key),
});

/**
 * Refine calls this hook inside antd's <App>, so toasts go through App.useApp() and obey its
 * placement, offset, duration and maxCount (SPEC §2, §9).
 */
export const useNotificationProvider = (): NotificationProvider => {
  const { notification } = App.useApp();
  return useMemo(() => createNotificationProvider(notification), [notification]);
};
