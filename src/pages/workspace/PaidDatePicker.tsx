import { DatePicker, type DatePickerProps } from 'antd';

/** Its own chunk: the date picker is heavy and only the "mark as paid" forms need it. */
const PaidDatePicker = (props: DatePickerProps) => <DatePicker format="L" style={{ width: '100%' }} {...props} />;

export default PaidDatePicker;
