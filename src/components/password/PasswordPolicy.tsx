import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { theme } from 'antd';
import { PASSWORD_RULES } from '../../domain/account';
import { VISUALLY_HIDDEN } from './visuallyHidden';

/**
 * The password policy (src/domain/account.ts), one line per rule, ticking as the user types. Each
 * line says "atendido"/"não atendido" in words for screen readers, and a polite live region reads
 * the count, so the change is heard without reading every line after each key.
 */
export const PasswordPolicy = ({ id, password }: { id: string; password: string }) => {
  const t = useTranslate();
  const { token } = theme.useToken();
  const results = PASSWORD_RULES.map((rule) => ({ key: rule.key, met: rule.test(password) }));
  const met = results.filter((r) => r.met).length;
  return (
    <div id={id} style={{ marginTop: -token.marginSM, marginBottom: token.marginLG, fontSize: token.fontSizeSM }}>
      <div id={`${id}-title`} style={{ color: token.colorTextSecondary, marginBottom: token.marginXXS }}>
        {t('account.policy.title')}
      </div>
      <ul aria-labelledby={`${id}-title`} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {results.map(({ key, met: ok }) => (
          <li
            key={key}
            data-rule={key}
            data-met={ok}
            style={{ display: 'flex', gap: token.marginXS, alignItems: 'center', color: ok ? token.colorSuccessText : token.colorErrorText }}
          >
            {ok ? <CheckCircleFilled aria-hidden /> : <CloseCircleFilled aria-hidden />}
            <span>{t(`account.policy.${key}`)}</span>
            <span style={VISUALLY_HIDDEN}>({t(ok ? 'account.policy.met' : 'account.policy.unmet')})</span>
          </li>
        ))}
      </ul>
      <div aria-live="polite" style={VISUALLY_HIDDEN}>
        {password ? t('account.policy.summary', { met, total: results.length }) : ''}
      </div>
    </div>
  );
};
