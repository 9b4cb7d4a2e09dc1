import { useTranslate, type CrudFilter } from '@refinedev/core';
import { memo, useRef, useState, type KeyboardEvent } from 'react';
import { STATE_COUNT_LIST_STATES, formatCount, type BoundedCount, type StateCountList, type StateCountsResponse } from '../../domain';
import { useApiQuery } from '../../hooks/useApi';
import { shareFilter, toShareListFilters } from '../../resources/shareFilters';

const ALL = 'all';

/**
 * Status tabs above a share list (issue 18): "Todas" and one tab per state the list holds, each
 * named with its count (so a screen reader reads "Com pendência (12)"), counted by the server with
 * every other filter of the list (GET /share/state_counts) and bounded like the list's total ("cerca
 * de" past it). A tab sets the list's state filter, which lives in the URL like every filter; the
 * tab shown follows the URL: one state filtered is its tab, none is "Todas", several is none.
 *
 * A WAI-ARIA tablist of plain buttons rather than antd's Tabs: those cost the first list 12 KB gzip
 * (measured with bench/bundle.ts, the first list is at its budget). One tab stop; the arrows, Home
 * and End move between the tabs, Enter or Space chooses one (manual activation: each choice loads
 * the list). Their numbers come just after the list's first rows.
 */
export const StatusTabs = memo(({ list, filters, apply, rowsFirst }: { list: StateCountList; filters: CrudFilter[]; apply: (changes: CrudFilter[]) => void; rowsFirst: boolean }) => {
  const t = useTranslate();
  const { state, ...others } = toShareListFilters(filters);
  const payload = { list, ...(Object.keys(others).length ? { filters: JSON.stringify(others) } : {}) };
  // The counts are asked for once the list's first rows have come (`rowsFirst` false): their answer
  // would otherwise land while the page renders those rows and hold them back (issue 17). From then
  // on they follow the filters at once.
  const answer = useApiQuery<StateCountsResponse>('share.stateCounts', payload, { enabled: !rowsFirst }).data;
  // Counts are an extra: an answer of another shape leaves the tabs without numbers, never broken.
  const data = answer && Array.isArray(answer.states) && answer.total ? answer : undefined;
  // The last counts stay while the next ones load: tabs that blank out on every filter change jump.
  const [shown, setShown] = useState<{ key: string; counts: StateCountsResponse } | null>(null);
  const key = JSON.stringify(payload);
  if (data && (shown?.counts !== data || shown.key !== key)) setShown({ key, counts: data });
  const counts = data ?? shown?.counts;

  const label = (text: string, c: BoundedCount | undefined) =>
    c ? t(c.exact ? 'shares.statusTabs.count' : 'shares.statusTabs.countAbout', { label: text, count: formatCount(c.count) }) : text;
  const states = STATE_COUNT_LIST_STATES[list];
  const items = [
    { key: ALL, label: label(t('shares.statusTabs.all'), counts?.total) },
    ...states.map((s) => ({ key: s, label: label(t(`shareState.${s}`), counts?.states.find((x) => x.state === s)) })),
  ];
  const active = !state?.length ? ALL : state.length === 1 ? state[0] : '';
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  // The tab stop: the chosen tab, or the first when several states are filtered.
  const stop = Math.max(0, items.findIndex((i) => i.key === active));

  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const last = items.length - 1;
    const to = e.key === 'ArrowRight' ? (i === last ? 0 : i + 1) : e.key === 'ArrowLeft' ? (i === 0 ? last : i - 1) : e.key === 'Home' ? 0 : e.key === 'End' ? last : -1;
    if (to < 0) return;
    e.preventDefault();
    tabs.current[to]?.focus();
  };

  return (
    <div role="tablist" aria-label={t('shares.statusTabs.label')} className="status-tabs">
      {items.map((item, i) => (
        <button
          key={item.key}
          ref={(el) => {
            tabs.current[i] = el;
          }}
          type="button"
          role="tab"
          aria-selected={item.key === active}
          tabIndex={i === stop ? 0 : -1}
          className="status-tab"
          onKeyDown={(e) => onKeyDown(e, i)}
          onClick={() => {
            if (item.key !== active) apply([shareFilter('state', item.key === ALL ? undefined : [item.key])]);
          }}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
});
