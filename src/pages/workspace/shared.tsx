import { useTranslate, type HttpError } from '@refinedev/core';
import { Alert, Empty, Skeleton, Tag, type FormInstance } from 'antd';
import type { KeyboardEvent, ReactNode } from 'react';
import type { ShareDetail } from '../../domain';
import { errorText } from '../../providers/notificationProvider';
import { AlertIcon } from '../../components/AlertIcon';

/**
 * The `admSlug` of the storage flow: `adm-<admId>`, which the server resolves to the share's
 * administrator whatever its brand or name (docs/decisions.md).
 */
export const admSlugOf = (share: Pick<ShareDetail, 'admId'>): string => `adm-${share.admId}`;

/** The slug the storage flow names a platform file with: readable by operators, attachable to any share. */
export const PLATFORM_SLUG = 'repasse';

/**
 * One proof for many shares: their administrator's slug when they share one; otherwise a platform
 * file, so that a bulk move across administrators can attach the same proof to each share.
 */
export const bulkAdmSlug = (rows: readonly Pick<ShareDetail, 'admId'>[]): string => {
  const ids = new Set(rows.map((r) => r.admId));
  return ids.size === 1 ? admSlugOf(rows[0]) : PLATFORM_SLUG;
};

/** Loading, error and empty states of one section. */
export const QueryState = ({
  loading,
  error,
  empty,
  emptyText,
  children,
}: {
  loading: boolean;
  error?: HttpError | null;
  empty?: boolean;
  emptyText?: string;
  children?: ReactNode;
}) => {
  const t = useTranslate();
  if (loading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (error && error.statusCode !== 404) return <Alert type="error" showIcon icon={<AlertIcon type="error" />} message={t('workspace.loadError')} description={errorText(error.message)} />;
  if (empty || (error && error.statusCode === 404)) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? t('workspace.empty')} />;
  return <>{children}</>;
};

export const OkTag = ({ ok, yes, no }: { ok: boolean; yes: string; no: string }) => <Tag color={ok ? 'green' : 'orange'}>{ok ? yes : no}</Tag>;

const FIELD_MESSAGES: Record<string, string> = { cpf: 'validation.cpf', cnpj: 'validation.cnpj', phone: 'validation.phone', primaryPhone: 'validation.phone', email: 'validation.email' };

/**
 * Field errors of a `{ message, errors }` answer, for antd's form.setFields: a known field reads its
 * Portuguese validation text, any other message goes through the error catalogue.
 */
export const fieldErrorsOf = (error: HttpError | null | undefined, t: (key: string) => string): { name: (string | number)[]; errors: string[] }[] =>
  Object.entries(error?.errors ?? {}).map(([field, msg]) => {
    const name = field.split('.');
    const known = FIELD_MESSAGES[name[name.length - 1]];
    const text = Array.isArray(msg) ? msg.join(' ') : typeof msg === 'string' ? msg : String((msg as { message?: string })?.message ?? '');
    return { name, errors: [known ? t(known) : errorText(text)] };
  });

/** Puts a `{ message, errors }` answer's field messages on the form's fields. */
export const applyFieldErrors = <V,>(form: FormInstance<V>, error: HttpError | null | undefined, t: (key: string) => string): void =>
  form.setFields(fieldErrorsOf(error, t) as unknown as Parameters<FormInstance<V>['setFields']>[0]);

/**
 * Enter in a field of a dialog's form confirms that field (a typed date), never the whole form: the
 * browser would otherwise submit a form whose only text field is the date (implicit submission) and
 * run the action on every selected share. The dialog's own button submits.
 */
export const keepEnterInField = (e: KeyboardEvent<HTMLElement>): void => {
  if (e.key === 'Enter' && e.target instanceof HTMLInputElement) e.preventDefault();
};
