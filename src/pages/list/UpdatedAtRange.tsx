import { useTranslate } from '@refinedev/core';
import { DatePicker } from 'antd';
import type { PickerRef } from 'rc-picker';
import { useEffect, useRef } from 'react';
import dayjs from '../../dayjs';
import { rangePickerA11y } from '../../components/pickerA11y';

export interface UpdatedAtRangeProps {
  from?: string;
  to?: string;
  /** ISO days (YYYY-MM-DD); undefined clears that end. */
  onChange: (from?: string, to?: string) => void;
  /** The input the user went to before this chunk arrived: it gets the focus (and so the calendar). */
  focusIndex?: 0 | 1;
  /**
   * Two single-month pickers instead of the range picker: on a phone the range's two months
   * (about 560 px) opened 210 px off the left edge of a 390 px screen; one month fits.
   */
  split?: boolean;
  /** i18n keys of the group's name and the two inputs (default: the share lists' "Atualizada em"). */
  labelKeys?: { group: string; from: string; to: string };
}

const SHARE_LABELS = { group: 'shares.filterUpdatedAt', from: 'shares.updatedFrom', to: 'shares.updatedTo' };

/**
 * Flip as antd does, and also slide sideways to stay on screen: beside the collapsed menu a phone
 * leaves 286 px right of the content's edge, and the one-month calendar is 288 px wide.
 */
const ON_SCREEN = { overflow: { adjustX: 1, adjustY: 1, shiftX: true } } as const;

const day = (v?: string) => (v ? dayjs(v) : null);
const iso = (d: dayjs.Dayjs | null | undefined) => d?.format('YYYY-MM-DD');

/** Its own chunk, loaded on first use (UpdatedAtRangeSlot): the date picker is not needed to show a list. */
const UpdatedAtRange = ({ from, to, onChange, focusIndex, split, labelKeys = SHARE_LABELS }: UpdatedAtRangeProps) => {
  const t = useTranslate();
  // The split pickers' calendar icon and clear button, as the range picker's (antd names them in English).
  const { suffixIcon, allowClear } = rangePickerA11y(t('app.clear'));
  const singlePickerA11y = { suffixIcon, allowClear };
  const picker = useRef<PickerRef>(null);
  const fromPicker = useRef<PickerRef>(null);
  const toPicker = useRef<PickerRef>(null);
  useEffect(() => {
    if (focusIndex === undefined) return;
    // Only the focus the stand-in had (gone to the body with it): a keyboard user who tabbed on while
    // the chunk loaded keeps where they went.
    const active = document.activeElement;
    if (active && active !== document.body) return;
    if (split) (focusIndex === 0 ? fromPicker : toPicker).current?.focus();
    // antd types the range picker's ref as a single picker's; rc-picker's RangePicker focuses by index.
    else (picker.current as unknown as { focus: (index?: number) => void } | null)?.focus(focusIndex);
  }, [focusIndex, split]);
  // The group names the range; each input is named by its own placeholder (an aria-label on the
  // picker would give both inputs the same name).
  if (split) {
    return (
      <div role="group" aria-label={t(labelKeys.group)} style={{ display: 'inline-flex', gap: 8, flexWrap: 'wrap' }}>
        {/* Focusing alone does not open rc-picker's calendar; a click does, and the click went to the stand-in. */}
        <DatePicker
          ref={fromPicker}
          placeholder={t(labelKeys.from)}
          format="L"
          {...singlePickerA11y}
          placement="bottomLeft"
          popupAlign={ON_SCREEN}
          defaultOpen={focusIndex === 0}
          value={day(from)}
          maxDate={day(to) ?? undefined}
          onChange={(d) => onChange(iso(d), iso(day(to)))}
          style={{ width: 'min(160px, calc(50vw - 72px))' }}
        />
        <DatePicker
          ref={toPicker}
          placeholder={t(labelKeys.to)}
          format="L"
          {...singlePickerA11y}
          // Opens towards the screen's inside: the second picker sits on the right of a phone.
          placement="bottomRight"
          popupAlign={ON_SCREEN}
          defaultOpen={focusIndex === 1}
          value={day(to)}
          minDate={day(from) ?? undefined}
          onChange={(d) => onChange(iso(day(from)), iso(d))}
          style={{ width: 'min(160px, calc(50vw - 72px))' }}
        />
      </div>
    );
  }
  return (
    <div role="group" aria-label={t(labelKeys.group)} style={{ display: 'inline-block' }}>
      <DatePicker.RangePicker
        {...rangePickerA11y(t('app.clear'))}
        ref={picker}
        placeholder={[t(labelKeys.from), t(labelKeys.to)]}
        format="L"
        // Focusing alone does not open rc-picker's calendar; a click does, and the click went to the stand-in.
        defaultOpen={focusIndex !== undefined}
        allowEmpty={[true, true]}
        value={from || to ? [day(from), day(to)] : null}
        onChange={(dates) => onChange(iso(dates?.[0]), iso(dates?.[1]))}
      />
    </div>
  );
};

export default UpdatedAtRange;
