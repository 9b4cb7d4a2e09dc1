/**
 * What antd 5's tables and pagers tell assistive technology, mended (issue 14).
 */
import { DoubleLeftOutlined, DoubleRightOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { PaginationProps } from 'antd';
import { useLayoutEffect, type ReactNode, type RefObject } from 'react';
import { t } from '../providers/i18nProvider';
import { VISUALLY_HIDDEN } from './password/visuallyHidden';

/**
 * A table with horizontal scroll keeps a hidden "measure row" that copies the header, select-all
 * checkbox included, under `aria-hidden` (axe: aria-hidden-focus, serious; react-component/table
 * #1346). `inert` takes its copies out of the tab order as well; the row is re-checked after each
 * render because antd remounts it when the columns change.
 */
export function useInertMeasureRows(container: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    container.current?.querySelectorAll('.ant-table-measure-row:not([inert])').forEach((row) => row.setAttribute('inert', ''));
    // A table that scrolls sideways must be reachable by keyboard to be scrolled (axe:
    // scrollable-region-focusable): when no link or button inside can take focus, the region does.
    container.current?.querySelectorAll<HTMLElement>('.ant-table-content').forEach((region) => {
      const reachable = region.querySelector('a[href], button:not([disabled]), input:not([disabled]), [tabindex="0"]');
      if (!reachable && region.scrollWidth > region.clientWidth) region.tabIndex = 0;
      else if (reachable && region.tabIndex === 0) region.removeAttribute('tabindex');
    });
  });
}

const LINK = 'ant-pagination-item-link';

/**
 * The pager's arrows and jumps, named in Portuguese: antd draws them with icons named "left",
 * "right", "double-left"… which became the buttons' accessible names.
 */
export const paginationItemRender: PaginationProps['itemRender'] = (_page, type, original): ReactNode => {
  const icon = `${LINK}-icon`;
  switch (type) {
    case 'prev':
      return (
        <button type="button" className={LINK} tabIndex={-1} aria-label={t('pagination.previous')}>
          <LeftOutlined aria-hidden />
        </button>
      );
    case 'next':
      return (
        <button type="button" className={LINK} tabIndex={-1} aria-label={t('pagination.next')}>
          <RightOutlined aria-hidden />
        </button>
      );
    case 'jump-prev':
    case 'jump-next':
      return (
        <a className={LINK}>
          <span style={VISUALLY_HIDDEN}>{t(type === 'jump-prev' ? 'pagination.jumpBack' : 'pagination.jumpForward')}</span>
          <div className="ant-pagination-item-container" aria-hidden>
            {type === 'jump-prev' ? <DoubleLeftOutlined aria-hidden className={icon} /> : <DoubleRightOutlined aria-hidden className={icon} />}
            <span className="ant-pagination-item-ellipsis" aria-hidden>
              •••
            </span>
          </div>
        </a>
      );
    default:
      return original;
  }
};
