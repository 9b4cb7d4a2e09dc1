/** Side effect: adds the saved views', column chooser's and palette's messages to the app's one i18n instance. */
import { LOCALE, i18n } from '../providers/i18nProvider';
import { ptBRViews } from './pt-BR.views';

i18n.addResourceBundle(LOCALE, 'translation', ptBRViews, true, false);
