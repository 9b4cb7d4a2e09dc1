/** antd/es/app/App.js's `../modal/useModal`, swapped by scripts/build/standIns.ts (see antdAppFeedback.ts). */
import { useModal } from './antdAppFeedback';

export default useModal;
