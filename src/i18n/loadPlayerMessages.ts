/** Side effect: adds the player files modal's messages to the app's one i18n instance (deep merge, same keys). */
import { LOCALE, i18n } from '../providers/i18nProvider';
import { ptBRPlayers } from './pt-BR.players';

i18n.addResourceBundle(LOCALE, 'translation', ptBRPlayers, true, false);
