/** Side effect: adds the management screens' messages to the app's one i18n instance (deep merge, same keys). */
import { LOCALE, i18n } from '../providers/i18nProvider';
import { ptBRManagement } from './pt-BR.management';

i18n.addResourceBundle(LOCALE, 'translation', ptBRManagement, true, false);
