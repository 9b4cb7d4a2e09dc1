import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import localizedFormat from 'dayjs/plugin/localizedFormat';

// DESIGN §2: dates read the Brazilian way (DD/MM/YYYY) everywhere, antd's pickers included.
dayjs.extend(localizedFormat);
dayjs.locale('pt-br');

export default dayjs;
