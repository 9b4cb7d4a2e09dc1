import { useTranslate } from '@refinedev/core';
import { DatePicker } from 'antd';
import type { PickerRef } from 'rc-picker';
import { useEffect, useRef } from 'react';
import dayjs from '../../dayjs';

export interface UpdatedAtRangeProps {
  from?: string;
  to?: string;
  /** ISO days (YYYY-MM-DD); undefined clears that end. */
  onChange: (from?: string, to?: string) => void;
  /** The input the user went to before this chunk arrived: it gets the focus (and so the calendar). */
  focusIndex?: 0 | 1;
}

/** Its own chunk, loaded on first use (UpdatedAtRangeSlot): the date picker is not needed to show a list. */
const UpdatedAtRange = ({ from, to, onChange, focusIndex }: UpdatedAtRangeProps) => {
  const t = useTranslate();
  const picker = useRef<PickerRef>(null);
  useEffect(() => {
    // antd types the range picker's ref as a single picker's; rc-picker's RangePicker focuses by index.
    const range = picker.current as unknown as { focus: (index?: number) => void } | null;
    if (focusIndex !== undefined) range?.focus(focusIndex);
  }, [focusIndex]);
  // The group names the range; each input is named by its own placeholder (an aria-label on the
  // picker would give both inputs the same name).
  return (
    <div role="group" aria-label={t('shares.filterUpdatedAt')} style={{ display: 'inline-block' }}>
      <DatePicker.RangePicker
        ref={picker}
        placeholder={[t('shares.updatedFrom'), t('shares.updatedTo')]}
        format="L"
        // Focusing alone does not open rc-picker's calendar; a click does, and the click went to the stand-in.
        defaultOpen={focusIndex !== undefined}
        allowEmpty={[true, true]}
        value={from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null}
        onChange={(dates) => onChange(dates?.[0]?.format('YYYY-MM-DD'), dates?.[1]?.format('YYYY-MM-DD'))}
      />
    </div>
  );
};

export default UpdatedAtRange;
