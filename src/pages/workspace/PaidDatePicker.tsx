import { useTranslate } from '@refinedev/core';
import { DatePicker, type DatePickerProps } from 'antd';
import { datePickerA11y } from '../../components/pickerA11y';
import type { Dayjs } from 'dayjs';
import { isFutureDate } from '../../domain/pendencies';

/**
 * A payment is registered after it happened: days after today in São Paulo are not offered, the
 * server's own rule (src/domain/pendencies.ts paidDateProblem), whatever the browser's time zone.
 */
export const isFutureDay = (d: Dayjs): boolean => isFutureDate(d.format('YYYY-MM-DD'));

/** Its own chunk: the date picker is heavy and only the "mark as paid" forms need it. */
const PaidDatePicker = (props: DatePickerProps) => {
  const t = useTranslate();
  // antd names the calendar icon "calendar" and the clear button "close-circle" (issue 14).
  return <DatePicker format="L" style={{ width: '100%' }} disabledDate={isFutureDay} {...datePickerA11y(t('app.clear'))} {...props} />;
};

export default PaidDatePicker;
