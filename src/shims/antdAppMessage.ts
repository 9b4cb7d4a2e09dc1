/** antd/es/app/App.js's `../message/useMessage`, swapped by scripts/build/standIns.ts (see antdAppFeedback.ts). */
import { useMessage } from './antdAppFeedback';

export default useMessage;
