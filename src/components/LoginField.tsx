import { theme } from 'antd';
import type { ReactNode } from 'react';

/** A label, a control and its error, tied together for screen readers (aria-describedby). */
export const LoginField = ({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) => {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: token.marginLG }}>
      <label htmlFor={id} style={{ display: 'block', marginBottom: token.marginXS, color: token.colorTextHeading }}>
        {label}
      </label>
      {children}
      <div id={`${id}-error`} role={error ? 'alert' : undefined} style={{ minHeight: 22, color: token.colorError, fontSize: token.fontSizeSM }}>
        {error}
      </div>
    </div>
  );
};
