import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';

/**
 * The show/hide toggle of a password field, named in Portuguese (issue 14): antd's default icons
 * are named "eye" and "eye-invisible". The name says what a press does.
 */
export const passwordIconRender =
  (t: (key: string) => string) =>
  (visible: boolean): ReactNode =>
    visible ? <EyeOutlined aria-label={t('auth.hidePassword')} /> : <EyeInvisibleOutlined aria-label={t('auth.showPassword')} />;
