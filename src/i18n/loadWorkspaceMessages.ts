/** Side effect: adds the workspace messages to the app's one i18n instance (deep merge, same keys). */
import { LOCALE, i18n } from '../providers/i18nProvider';
import { ptBRWorkspace } from './pt-BR.workspace';

i18n.addResourceBundle(LOCALE, 'translation', ptBRWorkspace, true, false);
