import { useTranslate } from '@refinedev/core';
import { Input, Space } from 'antd';

interface Props {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  label: string;
}

/**
 * A colour as the brand stores it, #RRGGBB: the browser's colour picker beside its hex code, which
 * may also be typed or pasted. Not antd's ColorPicker: antd's Button imports one helper from the
 * picker's presets module, so using the picker anywhere moves that module and antd's Collapse into
 * the chunk every page's buttons load, +5 KB gzip on the login page and the first list (measured).
 */
export const ColorField = ({ id, value, onChange, label }: Props) => {
  const t = useTranslate();
  const hex = typeof value === 'string' && /^#[0-9A-Fa-f]{6}$/.test(value) ? value : '#000000';
  return (
    <Space.Compact>
      <input
        type="color"
        value={hex.toLowerCase()}
        onChange={(e) => onChange?.(e.target.value.toUpperCase())}
        aria-label={t('management.administrators.pickColor', { label })}
        style={{ width: 48, height: 32, padding: 2, border: '1px solid #d9d9d9', borderRadius: '6px 0 0 6px', background: '#fff', cursor: 'pointer' }}
      />
      <Input id={id} value={value} onChange={(e) => onChange?.(e.target.value.trim().toUpperCase())} maxLength={7} style={{ width: 120, fontFamily: 'monospace' }} spellCheck={false} autoComplete="off" />
    </Space.Compact>
  );
};
