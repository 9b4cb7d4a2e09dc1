/** antd/es/app/App.js's `../modal/useModal`, swapped by vite.config.ts (see antdAppFeedback.ts). */
import { useModal } from './antdAppFeedback';

export default useModal;
