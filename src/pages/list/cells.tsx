import { Tag } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { processStepKey, type PendencySummary, type ShareState } from '../../domain';
import { EMPTY_CELL, formatDate, formatDateTime, formatDocument } from '../../components/formatters';
import type { CellKind, ColumnDef } from '../../resources';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** One colour per state, so a column of states reads at a glance. */
export const STATE_COLORS: Record<ShareState, string> = {
  available: 'blue',
  sent_to_autoservice: 'cyan',
  accepted_by_client: 'geekblue',
  received_from_client: 'purple',
  approved_by_adm: 'gold',
  payment_done: 'green',
  with_pendency: 'red',
};

/**
 * Cells read whole, never shortened with "…": the narrowest their column may get. Measured in
 * Chromium with the app's Open Sans, plus antd's middle-size padding (8 px each side) and a little
 * room: a contract number (91–99 px) and a CPF/CNPJ (129 px) stay on one line; a state tag wraps
 * between its words, the longest ("autoatendimento", 98 px) with the tag's own padding; a date and
 * its time wrap onto two lines before either is cut (the date, 74 px; the header "Atualizada" and
 * its sort arrow, about 92 px).
 */
export const WHOLE_CELL_MIN_PX: Partial<Record<CellKind, number>> = {
  code: 120,
  document: 152,
  shareState: 136,
  tag: 136,
  dateTime: 112,
  date: 96,
  // A pendency kind wraps like a state ("Retenção pela administradora"); "Aberta há" and "Vencimento"
  // with their sort arrows; a due date with "Vencida" under it.
  pendencyKinds: 136,
  pendencyAge: 104,
  pendencyDue: 120,
};

export const isWholeCell = (kind: CellKind | undefined): boolean => kind !== undefined && kind in WHOLE_CELL_MIN_PX;

/** Numbers read on one line. */
const NOWRAP = { whiteSpace: 'nowrap' } as const;

// Its own chunk: only the player files list has a file column, and the first list's bundle is budgeted.
const FileLink = lazy(() => import('../../components/FileLink'));

const text = (v: unknown): string => (v === null || v === undefined || v === '' ? EMPTY_CELL : String(v));

export const renderCell = (
  kind: CellKind | undefined,
  value: unknown,
  t: Translate,
  column?: Pick<ColumnDef, 'labelPrefix' | 'tagColors' | 'filePathIndex' | 'labelContext' | 'emptyKey'>,
  row?: Readonly<Record<string, unknown>>,
): ReactNode => {
  const context = row && column?.labelContext?.(row);
  const options = context ? { context } : undefined;
  if (column?.emptyKey && (value === null || value === undefined || value === '')) return t(column.emptyKey, options);
  switch (kind) {
    case 'file': {
      const filePath = column?.filePathIndex ? row?.[column.filePathIndex] : undefined;
      if (!value) return EMPTY_CELL;
      if (typeof filePath !== 'string' || !filePath) return text(value);
      // The name reads as text until the link's code is in (a moment, once per session).
      return (
        <Suspense fallback={text(value)}>
          <FileLink file={{ fileName: String(value), filePath }} />
        </Suspense>
      );
    }
    case 'tag':
      return value === null || value === undefined || value === '' ? (
        EMPTY_CELL
      ) : (
        // Like a share's state: whole, wrapping between words rather than cut ("Em processamento" at 1280 px).
        <Tag color={column?.tagColors?.[String(value)]} style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}>
          {t(`${column?.labelPrefix ?? ''}.${String(value)}`, options)}
        </Tag>
      );
    case 'code':
      return <span style={NOWRAP}>{text(value)}</span>;
    case 'document':
      return <span style={NOWRAP}>{formatDocument(value as string | null)}</span>;
    case 'shareState':
      // No margin after the tag and wrapping between its words: in a narrow column the tag stays
      // whole, where it used to be cut and followed by the cell's "…".
      return value ? (
        <Tag color={STATE_COLORS[value as ShareState]} style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}>
          {t(`shareState.${String(value)}`)}
        </Tag>
      ) : (
        EMPTY_CELL
      );
    case 'processStep':
      return t(processStepKey(value as number | null));
    case 'personType':
      return t(value ? 'shares.pj' : 'shares.pf');
    case 'date':
      return <span style={NOWRAP}>{formatDate(value as string | null)}</span>;
    case 'dateTime': {
      const [day, ...time] = formatDateTime(value as string | null).split(' ');
      return time.length ? (
        <>
          <span style={NOWRAP}>{day}</span> <span style={NOWRAP}>{time.join(' ')}</span>
        </>
      ) : (
        day
      );
    }
    case 'pendencyKinds': {
      const kinds = (value as PendencySummary | null)?.kinds ?? [];
      return kinds.length
        ? kinds.map((k) => (
            <Tag key={k} color="volcano" style={{ whiteSpace: 'normal', marginInlineEnd: 0, marginBlockEnd: 2 }}>
              {t(`pendencyKind.${k}`)}
            </Tag>
          ))
        : EMPTY_CELL;
    }
    case 'pendencyAge': {
      const summary = value as PendencySummary | null;
      return summary ? <span style={NOWRAP}>{t('shares.pendencyAgeDays', { count: summary.ageDays })}</span> : EMPTY_CELL;
    }
    case 'pendencyDue': {
      const summary = value as PendencySummary | null;
      if (!summary?.dueDate) return summary?.overdue ? <Tag color="red">{t('shares.pendencyOverdue')}</Tag> : EMPTY_CELL;
      return (
        <>
          <span style={NOWRAP}>{formatDate(summary.dueDate)}</span>{' '}
          {summary.overdue && (
            <Tag color="red" style={{ marginInlineEnd: 0 }}>
              {t('shares.pendencyOverdue')}
            </Tag>
          )}
        </>
      );
    }
    case 'boolean':
      return t(value ? 'common.yes' : 'common.no');
    case 'profile':
      return value ? t(`profile.${String(value)}`) : EMPTY_CELL;
    case 'names':
      // A list of { name } (the players a file went to), read as one line.
      return Array.isArray(value) && value.length ? value.map((v: { name?: unknown }) => String(v?.name ?? '')).join(', ') : EMPTY_CELL;
    default:
      return text(value);
  }
};
