import { CloseCircleFilled, FilterOutlined } from '@ant-design/icons';
import { getDefaultFilter, useCan, useList, useSelect, useTranslate, type CrudFilter } from '@refinedev/core';
import { Button, Select, Space, Spin, theme } from 'antd';
// The search box's own module: antd's Input entry also brings TextArea, Password and OTP.
import Search from 'antd/es/input/Search';
import { memo, useId, useState, type ReactNode } from 'react';
import { FEATURE_FLAGS, PAGINATION, PROCESS_STEPS, PROCESS_STEP_KEYS, PROFILE_TENANT, PROFILES, SEARCH_MAX_LENGTH, SHARE_STATES, type AdministratorOption, type FundItem, type ProcessStep } from '../../domain';
import { answeredNow } from '../../providers/accessControlProvider';
import { useGrantee } from '../../hooks/useSession';
import { useMediaQuery } from '../../hooks/useMediaQuery';
import type { ResourceDef } from '../../resources';
import { SHARE_FILTER, shareFilter, toShareListFilters } from '../../resources/shareFilters';
import { UpdatedAtRangeSlot } from './UpdatedAtRangeSlot';

interface Props {
  def: ResourceDef;
  filters: CrudFilter[];
  apply: (changes: CrudFilter[]) => void;
  /** Asks for the rows of each of these changes ahead, applying none (useListTable's askAhead). */
  askAhead?: (choices: CrudFilter[][]) => void;
  clear: () => void;
}

const CONTROL_WIDTH = 220;

/** The process step filter's options: each label once, in step order. */
const STEP_OPTIONS = [...new Set(PROCESS_STEPS.map((s: ProcessStep) => PROCESS_STEP_KEYS[s]))];
/**
 * The content area is the viewport less the sider (80 px collapsed, as on a phone) and the page's
 * padding: a control wider than that would push the page sideways at 390 px.
 */
const fit = (px: number) => `min(${px}px, calc(100vw - 128px))`;

/** Phones and narrow windows: the filters fold behind a "Filtros" button, the date range is two pickers. */
export const NARROW_QUERY = '(max-width: 767px)';

export const useNarrow = (): boolean => useMediaQuery(NARROW_QUERY);

/** What the search box would apply, or why it cannot: the server refuses more than SEARCH_MAX_LENGTH characters. */
const tooLong = (text: string) => text.trim().length > SEARCH_MAX_LENGTH;

/**
 * Text is applied on Enter or the search button, not per keystroke, so the URL and the server stay
 * calm. The typed text is the filter bar's (`draft`): another filter change applies it too, and
 * "Limpar filtros" empties it, so the box never shows a search that is not applied. A text longer
 * than the server takes is refused on the field itself, never sent (it used to come back as a toast).
 */
const SearchBox = ({ draft, setDraft, onSearch, placeholderKey = 'shares.searchPlaceholder' }: { draft: string; setDraft: (q: string) => void; onSearch: (q: string) => void; placeholderKey?: string }) => {
  const t = useTranslate();
  const { token } = theme.useToken();
  const messageId = useId();
  const invalid = tooLong(draft);
  return (
    <div style={{ display: 'inline-flex', flexDirection: 'column', gap: 4, width: fit(360) }}>
      <Search
        aria-label={t('shares.search')}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? messageId : undefined}
        status={invalid ? 'error' : undefined}
        placeholder={t(placeholderKey)}
        // The clear button is named by its icon: in Portuguese, not antd's "close-circle".
        allowClear={{ clearIcon: <CloseCircleFilled aria-label={t('shares.clearSearch')} /> }}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onSearch={(q) => {
          if (!tooLong(q)) onSearch(q.trim());
        }}
        enterButton={t('shares.search')}
      />
      {invalid && (
        <div id={messageId} role="alert" style={{ color: token.colorError, fontSize: token.fontSizeSM }}>
          {t('shares.searchTooLong', { max: SEARCH_MAX_LENGTH, length: draft.trim().length })}
        </div>
      )}
    </div>
  );
};

/**
 * Whether a filter select's options are wanted yet: once it has a value to name, or once the user
 * reaches it (focus comes before a click opens it and before any typing). Until then its call is not
 * made: a list's first rows do not share the main thread with answers that only fill a closed
 * dropdown (issue 17), and a visit that never filters by it never asks.
 */
const useOptionsWanted = (value: unknown) => {
  const [reached, setReached] = useState(false);
  return { wanted: reached || value !== undefined, onFocus: () => setReached(true) };
};

/**
 * The administrators the user's shares may be of (GET /share/administrator_options through the
 * data provider: every one for an operator, those it holds shares of for a fund), searched on the
 * server as the user types. A chosen administrator outside the first 100 (the call's page) keeps
 * its name while it was seen; after a reload it reads as its number until searched for.
 */
const AdministratorSelect = ({ value, onChange }: { value?: number; onChange: (v?: number) => void }) => {
  const t = useTranslate();
  const { wanted, onFocus } = useOptionsWanted(value);
  const { options, onSearch, query } = useSelect<AdministratorOption>({
    resource: 'administratorOptions',
    optionLabel: 'name',
    optionValue: 'admId',
    onSearch: (text) => (text.trim() ? [{ field: SHARE_FILTER.q.field, operator: SHARE_FILTER.q.operator, value: text.trim() }] : []),
    pagination: { pageSize: PAGINATION.maxLimit, mode: 'server' },
    debounce: 300,
    queryOptions: { enabled: wanted },
  });
  const shown = options.map((o) => ({ value: Number(o.value), label: String(o.label) }));
  return (
    <Select<number>
      aria-label={t('shares.filterAdministrator')}
      placeholder={t('shares.filterAdministrator')}
      allowClear
      showSearch
      filterOption={false}
      onSearch={onSearch}
      onFocus={onFocus}
      loading={query.isLoading}
      // Asked for on focus: the open dropdown says it is loading, not that there is nothing.
      notFoundContent={query.isLoading ? <Spin size="small" /> : undefined}
      value={value}
      // Blank while the options load, rather than the bare number flashing before the name.
      labelRender={({ value: v, label }) => label ?? (query.isLoading ? '' : `#${String(v)}`)}
      options={shown}
      onChange={(v) => onChange(v ?? undefined)}
      style={{ width: CONTROL_WIDTH }}
    />
  );
};

const FundSelect = ({ value, onChange }: { value?: number; onChange: (v?: number) => void }) => {
  const t = useTranslate();
  const { wanted, onFocus } = useOptionsWanted(value);
  const { result, query } = useList<FundItem>({ resource: 'funds', pagination: { currentPage: 1, pageSize: 100 }, queryOptions: { enabled: wanted } });
  const options = result.data.map((f) => ({ value: f.fundId, label: f.name }));
  if (value !== undefined && !options.some((o) => o.value === value)) options.push({ value, label: `#${value}` });
  return (
    <Select
      aria-label={t('shares.filterFund')}
      placeholder={t('shares.filterFund')}
      allowClear
      showSearch
      optionFilterProp="label"
      onFocus={onFocus}
      loading={query.isLoading}
      notFoundContent={query.isLoading ? <Spin size="small" /> : undefined}
      value={value}
      options={options}
      onChange={(v) => onChange(v ?? undefined)}
      style={{ width: CONTROL_WIDTH }}
    />
  );
};

/**
 * The filter bar. Every control shows what the URL says, so a reload shows the filters it applies.
 * On a narrow screen the search stays in view and the other controls fold behind "Filtros (n)".
 */
export const ListFilters = memo(({ def, filters, apply, askAhead, clear }: Props) => {
  const t = useTranslate();
  const { data: fundAccess } = useCan({ action: 'fund.list', queryOptions: answeredNow(undefined, 'fund.list') });
  const shows = (k: ResourceDef['filters'][number]) => def.filters.includes(k);
  const { data: shareAccess } = useCan({ action: 'share.list', queryOptions: { enabled: shows('admId'), ...answeredNow(undefined, 'share.list') } });
  const { profile: who } = useGrantee();
  const narrow = useNarrow();
  const [open, setOpen] = useState(false);
  const current = toShareListFilters(filters);
  const applied = current.q ?? '';

  // The box follows the applied search when it changes under it (Back, a reload, Limpar filtros).
  const [draft, setDraft] = useState(applied);
  const [seenApplied, setSeenApplied] = useState(applied);
  if (seenApplied !== applied) {
    setSeenApplied(applied);
    setDraft(applied);
  }
  /** Any filter change also applies what the search box shows (when the server takes it). */
  const withSearch = (changes: CrudFilter[]): CrudFilter[] => {
    const typed = draft.trim();
    return shows('q') && typed !== applied && !tooLong(typed) ? [shareFilter('q', typed), ...changes] : changes;
  };
  const applyWithSearch = (changes: CrudFilter[]) => apply(withSearch(changes));

  // Not for an administrator: its lists hold only its own administrator (PROFILE_TENANT).
  const showAdministrator = shows('admId') && who !== null && PROFILE_TENANT[who] !== 'adm' && shareAccess?.can === true;
  const showFund = shows('fundId') && FEATURE_FLAGS.displayFundFilters && fundAccess?.can === true;
  const stateOptions = (def.stateOptions ?? SHARE_STATES).map((s) => ({ value: s, label: t(`shareState.${s}`) }));
  const profile = getDefaultFilter('profile', filters, 'eq') as string | undefined;
  const stateLabel = t(def.stateFilterLabelKey ?? 'shares.filterState');

  const controls: ReactNode[] = [];
  def.selectFilters?.forEach((f) => {
    const value = getDefaultFilter(f.field, filters, f.operator) as string | string[] | undefined;
    const multiple = f.operator === 'in';
    controls.push(
      <Select
        key={f.field}
        mode={multiple ? 'multiple' : undefined}
        aria-label={t(f.labelKey)}
        placeholder={t(f.labelKey)}
        allowClear
        maxTagCount={multiple ? 3 : undefined}
        // The URL gives one value as a string even for a multi-select.
        value={multiple ? (value === undefined ? [] : ([] as string[]).concat(value)) : value}
        options={f.options.map((o) => ({ value: o.value, label: t(o.labelKey) }))}
        onChange={(v?: string | string[]) => {
          const empty = v === undefined || (Array.isArray(v) && v.length === 0);
          applyWithSearch([{ field: f.field, operator: f.operator, value: empty ? undefined : v }]);
        }}
        style={{ minWidth: fit(multiple ? 260 : 180) }}
      />,
    );
  });
  if (shows('state'))
    controls.push(
      <Select
        key="state"
        mode="multiple"
        aria-label={stateLabel}
        placeholder={stateLabel}
        allowClear
        maxTagCount={3}
        value={current.state ?? []}
        options={stateOptions}
        // As the options show, the first page of each is asked for (as picking it would apply it,
        // search box included): a state is picked within a second or two of opening, and its rows
        // are then in when it is (issue 17). At most one small page per state (nine), kept 10 s.
        onOpenChange={(open) => {
          if (!open || !askAhead) return;
          const chosen = current.state ?? [];
          askAhead(stateOptions.map(({ value: s }) => withSearch([shareFilter('state', chosen.includes(s) ? chosen.filter((c) => c !== s) : [...chosen, s])])));
        }}
        onChange={(v) => applyWithSearch([shareFilter('state', v)])}
        style={{ minWidth: fit(260) }}
      />,
    );
  if (shows('processStep'))
    controls.push(
      <Select
        key="processStep"
        mode="multiple"
        aria-label={t('shares.filterProcessStep')}
        placeholder={t('shares.filterProcessStep')}
        allowClear
        maxTagCount={2}
        // One option per label: "Rejeitado" is steps -1 and 4 (src/domain/processSteps.ts).
        value={[...new Set((current.processStep ?? []).map((s) => PROCESS_STEP_KEYS[s]))]}
        options={STEP_OPTIONS.map((key) => ({ value: key, label: t(`processStep.${key}`) }))}
        onChange={(keys: string[]) => applyWithSearch([shareFilter('processStep', PROCESS_STEPS.filter((s) => keys.includes(PROCESS_STEP_KEYS[s])))])}
        style={{ minWidth: fit(220) }}
      />,
    );
  if (shows('isPj'))
    controls.push(
      <Select
        key="isPj"
        aria-label={t('shares.filterPersonType')}
        placeholder={t('shares.filterPersonType')}
        allowClear
        value={current.isPj === undefined ? undefined : current.isPj ? 'pj' : 'pf'}
        options={[
          { value: 'pf', label: t('shares.pf') },
          { value: 'pj', label: t('shares.pj') },
        ]}
        onChange={(v?: string) => applyWithSearch([shareFilter('isPj', v === undefined ? undefined : v === 'pj')])}
        style={{ width: 160 }}
      />,
    );
  if (showAdministrator) controls.push(<AdministratorSelect key="admId" value={current.admId} onChange={(v) => applyWithSearch([shareFilter('admId', v)])} />);
  if (showFund) controls.push(<FundSelect key="fundId" value={current.fundId} onChange={(v) => applyWithSearch([shareFilter('fundId', v)])} />);
  if (shows('updatedAt'))
    controls.push(
      <UpdatedAtRangeSlot
        key="updatedAt"
        from={current.updatedFrom}
        to={current.updatedTo}
        split={narrow}
        onChange={(from, to) => applyWithSearch([shareFilter('updatedFrom', from), shareFilter('updatedTo', to)])}
      />,
    );
  if (shows('profile'))
    controls.push(
      <Select
        key="profile"
        aria-label={t('users.profile')}
        placeholder={t('users.profile')}
        allowClear
        value={profile}
        options={PROFILES.map((p) => ({ value: p, label: t(`profile.${p}`) }))}
        onChange={(v?: string) => applyWithSearch([{ field: 'profile', operator: 'eq', value: v }])}
        style={{ width: 180 }}
      />,
    );

  // Applied filters besides the search (the range counts once), for the "Filtros (n)" button.
  const active =
    (def.selectFilters ?? []).filter((f) => getDefaultFilter(f.field, filters, f.operator) !== undefined).length +
    (shows('state') && current.state ? 1 : 0) +
    (shows('processStep') && current.processStep ? 1 : 0) +
    (shows('isPj') && current.isPj !== undefined ? 1 : 0) +
    (showAdministrator && current.admId !== undefined ? 1 : 0) +
    (showFund && current.fundId !== undefined ? 1 : 0) +
    (shows('updatedAt') && (current.updatedFrom || current.updatedTo) ? 1 : 0) +
    (shows('profile') && profile ? 1 : 0);
  const folded = narrow && controls.length > 0;
  const panelId = useId();

  return (
    <Space wrap size="middle" align="start" style={{ marginBottom: 16 }} role="search">
      {shows('q') && <SearchBox draft={draft} setDraft={setDraft} onSearch={(q) => apply([shareFilter('q', q)])} placeholderKey={def.searchPlaceholderKey} />}
      {folded && (
        <Button icon={<FilterOutlined aria-hidden />} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
          {active ? t('shares.filtersActive', { count: active }) : t('shares.filters')}
        </Button>
      )}
      {(!folded || open) && (
        <Space wrap size="middle" id={folded ? panelId : undefined} style={folded ? { width: '100%' } : undefined}>
          {controls}
        </Space>
      )}
      <Button
        onClick={() => {
          setDraft('');
          clear();
        }}
      >
        {t('shares.clearFilters')}
      </Button>
    </Space>
  );
});
