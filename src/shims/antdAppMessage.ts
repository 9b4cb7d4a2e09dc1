/** antd/es/app/App.js's `../message/useMessage`, swapped by vite.config.ts (see antdAppFeedback.ts). */
import { useMessage } from './antdAppFeedback';

export default useMessage;
