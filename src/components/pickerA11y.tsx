import { CalendarOutlined, CloseCircleFilled, SwapRightOutlined } from '@ant-design/icons';
import type { RangePickerProps } from 'antd/es/date-picker';

/**
 * A date range picker's parts as a screen reader should meet them (issue 14): antd names the
 * separator "to" and its icons "swap-right", "calendar" and "close-circle". The two inputs are
 * named by their placeholders; the separator and the calendar icon are decoration; the clear
 * button says what it does, in Portuguese.
 */
export const rangePickerA11y = (clearLabel: string): Pick<RangePickerProps, 'separator' | 'suffixIcon' | 'allowClear'> => ({
  separator: (
    <span className="ant-picker-separator" aria-hidden>
      <SwapRightOutlined aria-hidden />
    </span>
  ),
  suffixIcon: <CalendarOutlined aria-hidden />,
  allowClear: { clearIcon: <CloseCircleFilled aria-label={clearLabel} /> },
});

/** A single date picker's calendar icon (decoration) and clear button (named), as the range's. */
export const datePickerA11y = (clearLabel: string): Pick<RangePickerProps, 'suffixIcon' | 'allowClear'> => {
  const { suffixIcon, allowClear } = rangePickerA11y(clearLabel);
  return { suffixIcon, allowClear };
};
