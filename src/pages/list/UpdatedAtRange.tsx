import { useTranslate } from '@refinedev/core';
import { DatePicker } from 'antd';
import dayjs from '../../dayjs';

export interface UpdatedAtRangeProps {
  from?: string;
  to?: string;
  /** ISO days (YYYY-MM-DD); undefined clears that end. */
  onChange: (from?: string, to?: string) => void;
}

/** Its own chunk: the date picker is a quarter of the list's weight and is not needed to show it. */
const UpdatedAtRange = ({ from, to, onChange }: UpdatedAtRangeProps) => {
  const t = useTranslate();
  // The group names the range; each input is named by its own placeholder (an aria-label on the
  // picker would give both inputs the same name).
  return (
    <div role="group" aria-label={t('shares.filterUpdatedAt')} style={{ display: 'inline-block' }}>
      <DatePicker.RangePicker
        placeholder={[t('shares.updatedFrom'), t('shares.updatedTo')]}
        format="L"
        allowEmpty={[true, true]}
        value={from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null}
        onChange={(dates) => onChange(dates?.[0]?.format('YYYY-MM-DD'), dates?.[1]?.format('YYYY-MM-DD'))}
      />
    </div>
  );
};

export default UpdatedAtRange;
