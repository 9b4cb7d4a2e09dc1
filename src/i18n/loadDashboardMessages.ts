/** Side effect: adds the dashboard's messages to the app's one i18n instance (deep merge, same keys). */
import { LOCALE, i18n } from '../providers/i18nProvider';
import { ptBRDashboard } from './pt-BR.dashboard';

i18n.addResourceBundle(LOCALE, 'translation', ptBRDashboard, true, false);
