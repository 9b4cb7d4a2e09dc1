/** Side effect: adds the audit trail's filter and before/after messages to the app's one i18n instance. */
import { LOCALE, i18n } from '../providers/i18nProvider';
import { ptBRAudit } from './pt-BR.audit';

i18n.addResourceBundle(LOCALE, 'translation', ptBRAudit, true, false);
