/** Side effect: adds the auction pages' messages to the app's one i18n instance (deep merge, same keys). */
import { LOCALE, i18n } from '../providers/i18nProvider';
import { ptBRAuctions } from './pt-BR.auctions';

i18n.addResourceBundle(LOCALE, 'translation', ptBRAuctions, true, false);
