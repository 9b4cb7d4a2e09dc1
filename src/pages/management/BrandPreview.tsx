import { useTranslate } from '@refinedev/core';
import { Card, Form, Typography, type FormInstance } from 'antd';
import { THEME } from '../../domain';
import { accessibleOnWhite } from '../../domain/contrast';
import { PRIMARY_TEXT_COLOR, isHexColor } from '../../domain/management';
import { ACCESSIBLE_TEXT_TOKENS } from '../../shell';
import type { FaviconValue } from './formModel';

const colorOr = (v: unknown, fallback: string) => (isHexColor(v) ? v : fallback);

/**
 * The brand as its users will see it, while it is being edited: the login card (name, button) and
 * the side menu (name, the selected entry in white on the primary colour), in the form's colours.
 */
export const BrandPreview = ({ form }: { form: FormInstance }) => {
  const t = useTranslate();
  const name = (Form.useWatch('name', form) as string | undefined)?.trim() || t('management.administrators.name');
  // As the app will paint it: a colour white text would not read on is darkened (issue 14).
  const primary = accessibleOnWhite(colorOr(Form.useWatch(['colors', 'primary'], form), THEME.primaryColor));
  const secondary = colorOr(Form.useWatch(['colors', 'secondary'], form), '#F0F2F5');
  const favicon = Form.useWatch('favicon', form) as FaviconValue | undefined;
  const icon = typeof favicon === 'string' ? favicon : favicon?.preview;
  const logo = icon ? <img src={icon} alt="" width={20} height={20} style={{ objectFit: 'contain', verticalAlign: 'middle', marginRight: 8 }} /> : null;
  const box = { border: '1px solid #f0f0f0', borderRadius: 8, overflow: 'hidden' } as const;
  return (
    <Card title={t('management.administrators.preview.title')} size="small" aria-label={t('management.administrators.preview.title')} role="region">
      <Typography.Text type="secondary">{t('management.administrators.preview.login')}</Typography.Text>
      <div data-testid="preview-login" style={{ ...box, background: secondary, padding: 16, margin: '4px 0 16px' }}>
        <div style={{ background: '#fff', borderRadius: 8, padding: 16, maxWidth: 280, margin: '0 auto' }}>
          <div style={{ color: primary, fontSize: 20, fontWeight: 600 }}>
            {logo}
            {name}
          </div>
          <div style={{ color: ACCESSIBLE_TEXT_TOKENS.colorTextDescription, fontSize: 12, marginBottom: 12 }}>{t('management.administrators.preview.subtitle')}</div>
          {(['email', 'password'] as const).map((k) => (
            <div key={k} style={{ border: '1px solid #d9d9d9', borderRadius: 6, padding: '4px 8px', marginBottom: 8, fontSize: 12, color: ACCESSIBLE_TEXT_TOKENS.colorTextPlaceholder }}>
              {t(`management.administrators.preview.${k}`)}
            </div>
          ))}
          <div data-testid="preview-button" style={{ background: primary, color: PRIMARY_TEXT_COLOR, borderRadius: 6, padding: '6px 0', textAlign: 'center', fontWeight: 600 }}>
            {t('management.administrators.preview.signIn')}
          </div>
        </div>
      </div>
      <Typography.Text type="secondary">{t('management.administrators.preview.menu')}</Typography.Text>
      <div data-testid="preview-menu" style={{ ...box, width: 220, marginTop: 4 }}>
        <div style={{ padding: '12px 16px', fontWeight: 600, fontSize: 16, color: primary, borderBottom: `3px solid ${secondary}` }}>
          {logo}
          {name}
        </div>
        {(['menu.shares', 'menu.pendencies', 'menu.transfers'] as const).map((key, i) => (
          <div
            key={key}
            style={{ margin: 4, padding: '8px 16px', borderRadius: 6, ...(i === 0 ? { background: primary, color: PRIMARY_TEXT_COLOR, fontWeight: 600 } : { color: '#000000E0' }) }}
          >
            {t(key)}
          </div>
        ))}
      </div>
    </Card>
  );
};
