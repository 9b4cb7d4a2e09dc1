import { CalendarOutlined, SwapRightOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { theme } from 'antd';
import { Suspense, lazy, useState, type CSSProperties } from 'react';
import type { UpdatedAtRangeProps } from './UpdatedAtRange';

const UpdatedAtRange = lazy(() => import('./UpdatedAtRange'));

/** The range picker's own width with the Portuguese placeholders (measured in Chromium). */
export const RANGE_WIDTH_PX = 272;

type Want = { focusIndex?: 0 | 1 };

/**
 * Looks like the empty range picker (same box, placeholders and icons) without its 32 KB of code.
 * Pointing at it starts loading the picker; going into one of its inputs also hands that input's
 * focus, and so the calendar, to the picker once it arrives.
 */
const RangeStandIn = ({ want }: { want: (w: Want) => void }) => {
  const t = useTranslate();
  const { token } = theme.useToken();
  const input: CSSProperties = { flex: 1, minWidth: 0, border: 0, outline: 'none', padding: 0, background: 'transparent', font: 'inherit', color: token.colorText };
  return (
    <div
      role="group"
      aria-label={t('shares.filterUpdatedAt')}
      onPointerEnter={() => want({})}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        boxSizing: 'border-box',
        width: `min(${RANGE_WIDTH_PX}px, calc(100vw - 128px))`,
        height: token.controlHeight,
        padding: `0 ${token.paddingSM - token.lineWidth}px`,
        border: `${token.lineWidth}px solid ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        background: token.colorBgContainer,
        fontSize: token.fontSize,
        verticalAlign: 'top',
      }}
    >
      <input readOnly placeholder={t('shares.updatedFrom')} onFocus={() => want({ focusIndex: 0 })} style={input} />
      <SwapRightOutlined aria-hidden style={{ color: token.colorTextQuaternary, padding: `0 ${token.paddingXS}px` }} />
      <input readOnly placeholder={t('shares.updatedTo')} onFocus={() => want({ focusIndex: 1 })} style={input} />
      <CalendarOutlined aria-hidden style={{ color: token.colorTextQuaternary, marginInlineStart: token.marginXXS }} />
    </div>
  );
};

/**
 * The updated-at range of the filter bar. The picker's chunk comes on first use: at once when the
 * URL already holds a range (so the bar shows it), otherwise when the user points at or goes into
 * the stand-in, which also holds its place while the chunk loads.
 */
export const UpdatedAtRangeSlot = ({ from, to, onChange, split }: Omit<UpdatedAtRangeProps, 'focusIndex'>) => {
  const [wanted, setWanted] = useState<Want | null>(from || to ? {} : null);
  // A range arriving through the URL (back button, a shared link) needs the real picker to show it.
  if ((from || to) && !wanted) setWanted({});
  const want = (w: Want) => setWanted((prev) => (prev && prev.focusIndex !== undefined ? prev : { ...prev, ...w }));
  if (!wanted) return <RangeStandIn want={want} />;
  return (
    <Suspense fallback={<RangeStandIn want={want} />}>
      <UpdatedAtRange from={from} to={to} onChange={onChange} focusIndex={wanted.focusIndex} split={split} />
    </Suspense>
  );
};
