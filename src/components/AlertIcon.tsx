import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled, InfoCircleFilled } from '@ant-design/icons';

type AlertType = 'success' | 'info' | 'warning' | 'error';

/**
 * An Alert's icon, decorative (issue 14): antd's own is named after its glyph ("info-circle",
 * "exclamation-circle"), read before the message. The message says what it is; the lint rule in
 * eslint.config.js asks every `showIcon` Alert for this icon.
 */
export const AlertIcon = ({ type = 'info' }: { type?: AlertType }) => {
  switch (type) {
    case 'success':
      return <CheckCircleFilled aria-hidden />;
    case 'warning':
      return <ExclamationCircleFilled aria-hidden />;
    case 'error':
      return <CloseCircleFilled aria-hidden />;
    default:
      return <InfoCircleFilled aria-hidden />;
  }
};

/** The icon of a confirmation dialog (modal.confirm), decorative for the same reason. */
export const CONFIRM_ICON = <ExclamationCircleFilled aria-hidden />;
