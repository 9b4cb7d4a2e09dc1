import { DatePicker, type DatePickerProps } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from '../../dayjs';

/** A payment is registered after it happened: days after today are not offered (the server refuses them too). */
export const isFutureDay = (d: Dayjs): boolean => d.isAfter(dayjs(), 'day');

/** Its own chunk: the date picker is heavy and only the "mark as paid" forms need it. */
const PaidDatePicker = (props: DatePickerProps) => <DatePicker format="L" style={{ width: '100%' }} disabledDate={isFutureDay} {...props} />;

export default PaidDatePicker;
