/** Side effect: adds the account screens' messages to the app's one i18n instance (deep merge, same keys). */
import { LOCALE, i18n } from '../providers/i18nProvider';
import { ptBRAccount } from './pt-BR.account';

i18n.addResourceBundle(LOCALE, 'translation', ptBRAccount, true, false);
