/** Configuration shared by the app shell and the component tests' wrapper, so both render alike. */
import type { IRefineOptions } from '@refinedev/core';
import type { ThemeConfig } from 'antd';
import type { NotificationConfig } from 'antd/es/notification/interface';
import { THEME, TOAST } from './domain';
import type { Brand } from './providers/whiteLabel';

/** antd puts its `margin` token (16 px) under every toast, inside the holder. */
export const TOAST_MARGIN_PX = 16;

/**
 * SPEC §2 and §9: bottom-right, 4 s, at most 3 at a time, and the toast's own edge 64 px above the
 * bottom. The holder sits lower by the margin antd adds under each toast, or the box would float at 80.
 */
export const NOTIFICATION_CONFIG: NotificationConfig = {
  placement: TOAST.placement,
  bottom: TOAST.bottomOffsetPx - TOAST_MARGIN_PX,
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
