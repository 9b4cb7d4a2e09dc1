import { LockOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import Password from 'antd/es/input/Password';
import { useState } from 'react';
import { PASSWORD_MAX_LENGTH } from '../../domain/account';
import { LoginField } from '../LoginField';
import { PasswordPolicy } from './PasswordPolicy';
import type { PasswordPair, PasswordPairErrors } from './validatePasswordPair';
import { passwordIconRender } from './passwordIcon';

export interface PasswordFieldsProps {
  /** Prefix of the inputs' ids (two forms on one page must not share ids). */
  idPrefix: string;
  value: PasswordPair;
  onChange: (value: PasswordPair) => void;
  /** Already translated texts, from the form's own check or from the server, by field. */
  errors: PasswordPairErrors;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * New password and its confirmation, with the policy shown while typing. A confirmation that
 * differs is said as soon as the user leaves that field (or keeps typing after it), not at the first key.
 */
export const PasswordFields = ({ idPrefix, value, onChange, errors, disabled, autoFocus }: PasswordFieldsProps) => {
  const t = useTranslate();
  const [confirmationLeft, setConfirmationLeft] = useState(false);
  const newId = `${idPrefix}-new-password`;
  const confirmId = `${idPrefix}-confirmation`;
  const policyId = `${idPrefix}-policy`;
  const liveMismatch = confirmationLeft && !!value.confirmation && value.confirmation !== value.newPassword;
  const confirmationError = errors.confirmation ?? (liveMismatch ? t('account.password.mismatch') : undefined);

  return (
    <>
      <LoginField id={newId} label={t('account.password.new')} error={errors.newPassword}>
        <Password
          iconRender={passwordIconRender(t)}
          id={newId}
          name="new-password"
          autoComplete="new-password"
          size="large"
          prefix={<LockOutlined aria-hidden />}
          maxLength={PASSWORD_MAX_LENGTH}
          autoFocus={autoFocus}
          disabled={disabled}
          value={value.newPassword}
          onChange={(e) => onChange({ ...value, newPassword: e.target.value })}
          aria-invalid={errors.newPassword ? true : undefined}
          aria-describedby={`${newId}-error ${policyId}`}
          status={errors.newPassword ? 'error' : undefined}
        />
      </LoginField>
      <PasswordPolicy id={policyId} password={value.newPassword} />
      <LoginField id={confirmId} label={t('account.password.confirm')} error={confirmationError}>
        <Password
          iconRender={passwordIconRender(t)}
          id={confirmId}
          name="confirmation"
          autoComplete="new-password"
          size="large"
          prefix={<LockOutlined aria-hidden />}
          maxLength={PASSWORD_MAX_LENGTH}
          disabled={disabled}
          value={value.confirmation}
          onChange={(e) => onChange({ ...value, confirmation: e.target.value })}
          onBlur={() => setConfirmationLeft(true)}
          aria-invalid={confirmationError ? true : undefined}
          aria-describedby={`${confirmId}-error`}
          status={confirmationError ? 'error' : undefined}
        />
      </LoginField>
    </>
  );
};
