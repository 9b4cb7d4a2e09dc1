import { useList, useTranslate } from '@refinedev/core';
import { Modal, Tag, Typography, theme } from 'antd';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  PALETTE_LIMIT_PER_KIND,
  can,
  contractQuery,
  moveActive,
  rankContracts,
  rankEntries,
  viewPath,
  type PaletteEntry,
  type ShareListItem,
} from '../../domain';
import { useSavedViews } from '../../hooks/useListViews';
import { useGrantee } from '../../hooks/useSession';
import '../../i18n/loadViewMessages';
import { workspacePath } from '../../domain/workspacePaths';
import { crudRoutes, resourceByName } from '../../resources';
import { VISUALLY_HIDDEN } from '../password/visuallyHidden';
import { askNewAuction } from './newAuctionAsk';
import { useAllowedResources } from './useAllowedResources';

interface Option extends PaletteEntry {
  /** A second line (the list a view belongs to, a share's holder). */
  detail?: string;
  go: () => void;
}

/** How long typing pauses before the share list is asked for contracts. */
const CONTRACT_DELAY_MS = 250;

const useDebounced = <T,>(value: T, ms: number): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
};

/**
 * The command palette (issue 18; Ctrl/⌘-K, or Buscar in the header): one box that jumps to a share
 * by contract number (searched in the shares the user may see, through the share list), a list or
 * screen the user may open, an action, or a saved view. A combobox over a listbox: arrows move, Enter
 * opens, Esc closes and the focus goes back where it was. Ranking rules: src/domain/commandPalette.ts.
 */
const CommandPalette = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const t = useTranslate();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const who = useGrantee();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { allowed } = useAllowedResources();
  const { views } = useSavedViews(undefined, open);

  const digits = contractQuery(query);
  const searched = useDebounced(digits, CONTRACT_DELAY_MS);
  const maySearch = can(who, 'share.list');
  const contracts = useList<ShareListItem>({
    resource: 'shares',
    filters: [{ field: 'q', operator: 'contains', value: searched ?? '' }],
    pagination: { currentPage: 1, pageSize: PALETTE_LIMIT_PER_KIND },
    queryOptions: { enabled: open && maySearch && !!searched && searched === digits },
    errorNotification: false,
  });
  const contractsSettled = !!digits && searched === digits && !contracts.query.isFetching;

  const go = (path: string, state?: unknown) => () => {
    onClose();
    navigate(path, state === undefined ? undefined : { state });
  };

  const entries = useMemo<Option[]>(() => {
    const out: Option[] = [];
    for (const def of allowed) {
      out.push({ id: `list:${def.name}`, kind: 'list', label: t(def.labelKey), keywords: [t(def.titleKey)], go: go(def.route) });
      if (def.crud && def.permissions.create && can(who, def.permissions.create)) {
        out.push({ id: `new:${def.name}`, kind: 'action', label: t(def.crud.createKey), keywords: [t(def.labelKey)], go: go(crudRoutes(def.route).create) });
      }
      if (def.name === 'auctions' && can(who, 'auction.write')) {
        out.push({
          id: 'new:auction',
          kind: 'action',
          label: t('palette.newAuction'),
          keywords: [t('palette.newDirectSale'), t(def.labelKey)],
          go: () => {
            askNewAuction();
            go(def.route)();
          },
        });
      }
    }
    for (const v of views) {
      const def = resourceByName(v.list);
      if (!def || !allowed.includes(def)) continue;
      const list = t(def.labelKey);
      out.push({ id: `view:${v.viewId}`, kind: 'view', label: v.name, keywords: [list], detail: list, go: go(viewPath(def.route, v), { viewColumns: v.hiddenColumns }) });
    }
    return out;
    // `go` only closes over navigate and onClose.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [allowed, views, who, t]);

  const options = useMemo<Option[]>(() => {
    const found: Option[] = digits && contractsSettled
      ? rankContracts(contracts.result.data, digits).map((s) => ({
          id: `contract:${s.contractNumber}`,
          kind: 'contract' as const,
          label: t('palette.contract', { contract: s.contractNumber }),
          detail: s.ownerName ?? undefined,
          go: go(workspacePath(s.contractNumber)),
        }))
      : [];
    return digits ? found : rankEntries(entries, query);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [digits, contractsSettled, contracts.result.data, entries, query, t]);

  // The first option is the one Enter opens, until the arrows choose another (set while rendering:
  // a new list of options resets it at once, never one frame late).
  // Compared by content: the lists they come from may be new arrays on every render while loading.
  const optionsKey = options.map((o) => o.id).join('\n');
  const [seenOptions, setSeenOptions] = useState(optionsKey);
  if (seenOptions !== optionsKey) {
    setSeenOptions(optionsKey);
    setActive(options.length ? 0 : -1);
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp' || ((e.key === 'Home' || e.key === 'End') && e.ctrlKey)) {
      e.preventDefault();
      setActive((a) => moveActive(a, options.length, e.key as 'ArrowDown'));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      options[active]?.go();
    }
  };

  const status = digits
    ? !contractsSettled
      ? t('palette.searching')
      : contracts.query.isError
        ? t('palette.contractError')
        : options.length === 0
          ? t('palette.noContract', { digits })
          : t('palette.count', { count: options.length })
    : query.trim() && options.length === 0
      ? t('palette.nothing', { query: query.trim() })
      : t('palette.count', { count: options.length });

  const optionId = (i: number) => `${listId}-${i}`;

  return (
    <Modal
      open={open}
      title={t('palette.title')}
      onCancel={onClose}
      footer={null}
      width={560}
      destroyOnHidden
      afterOpenChange={(opened) => {
        if (opened) input.current?.focus();
        else setQuery('');
      }}
      styles={{ body: { paddingTop: 4 } }}
    >
      <label htmlFor={`${listId}-input`} style={VISUALLY_HIDDEN}>
        {t('palette.label')}
      </label>
      <input
        id={`${listId}-input`}
        ref={input}
        role="combobox"
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 && active < options.length ? optionId(active) : undefined}
        aria-describedby={hintId}
        autoComplete="off"
        spellCheck={false}
        value={query}
        placeholder={t('palette.placeholder')}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onKeyDown}
        className="ant-input ant-input-lg ant-input-outlined"
        style={{ width: '100%' }}
      />
      <Typography.Text id={hintId} type="secondary" style={{ display: 'block', fontSize: token.fontSizeSM, margin: '6px 0 8px' }}>
        {t('palette.hint')}
      </Typography.Text>
      <div role="status" aria-live="polite" style={VISUALLY_HIDDEN}>
        {status}
      </div>
      <ul id={listId} role="listbox" aria-label={t('palette.results')} style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 'min(50vh, 360px)', overflowY: 'auto' }}>
        {options.map((o, i) => (
          <li
            key={o.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            onMouseDown={(e) => e.preventDefault()}
            onClick={o.go}
            onMouseMove={() => i !== active && setActive(i)}
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: 8,
              padding: '8px 12px',
              borderRadius: token.borderRadius,
              cursor: 'pointer',
              background: i === active ? token.controlItemBgActive : undefined,
            }}
          >
            <Tag style={{ marginInlineEnd: 0, minWidth: 52, textAlign: 'center' }}>{t(`palette.kind.${o.kind}`)}</Tag>
            <span style={{ minWidth: 0, overflow: 'hidden' }}>
              <span style={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{o.label}</span>
              {o.detail && (
                <span style={{ display: 'block', color: token.colorTextSecondary, fontSize: token.fontSizeSM, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{o.detail}</span>
              )}
            </span>
          </li>
        ))}
      </ul>
      {options.length === 0 && (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 12px 0' }}>
          {status}
        </Typography.Paragraph>
      )}
    </Modal>
  );
};

export default CommandPalette;
