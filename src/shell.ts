/** Configuration shared by the app shell and the component tests' wrapper, so both render alike. */
import type { IRefineOptions } from '@refinedev/core';
import type { ThemeConfig } from 'antd';
import type { NotificationConfig } from 'antd/es/notification/interface';
import { THEME, TOAST } from './domain';
import type { Brand } from './providers/whiteLabel';

/** SPEC §2 and §9: bottom-right, 64 px up, 4 s, at most 3 at a time. */
export const NOTIFICATION_CONFIG: NotificationConfig = {
  placement: TOAST.placement,
  bottom: TOAST.bottomOffsetPx,
  duration: TOAST.durationMs / 1000,
  maxCount: TOAST.maxVisible,
  // Stacked toasts collapse behind one another; three must stay readable side by side.
  stack: false,
};

export const brandTheme = (brand: Pick<Brand, 'primaryColor'>): ThemeConfig => ({
  token: {
    colorPrimary: brand.primaryColor,
    colorLink: brand.primaryColor,
    colorInfo: brand.primaryColor,
    fontFamily: THEME.fontFamily,
  },
  components: {
    Notification: { width: TOAST.widthPx },
  },
});

export const REFINE_OPTIONS: IRefineOptions = {
  syncWithLocation: true,
  warnWhenUnsavedChanges: false,
  // The product runs on closed networks; Refine's telemetry would call out to the internet.
  disableTelemetry: true,
  reactQuery: {
    clientConfig: {
      defaultOptions: {
        // A 4xx will not change on retry, and the error toast should come at once.
        queries: { retry: false, refetchOnWindowFocus: false },
      },
    },
  },
};
