/**
 * The dashboard's figures (issue 18), a lazy chunk of their own. No chart library: bars are HTML
 * (each a link whose text is the label and the count, so the chart is its own text equivalent) and
 * the 30-day chart is one inline SVG with a table beside it. A library earned none of its bytes here
 * (docs/decisions.md, issue 18).
 */
import { useTranslate } from '@refinedev/core';
import { theme } from 'antd';
import { useId, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import dayjs from '../../dayjs';
import { formatDate } from '../../components/formatters';
import {
  AGE_BUCKETS,
  PROCESS_STEPS,
  PROCESS_STEP_KEYS,
  dayFilters,
  formatCount,
  listLink,
  type BoundedCount,
  type DashboardSummary,
  type ProcessStep,
} from '../../domain';
import { AUCTIONS_ROUTE } from '../../domain/auctionPaths';
import { workspacePath } from '../../domain/workspacePaths';

const SHARES_ROUTE = '/listagem';
const PENDENCIES_ROUTE = '/pendencias';

interface Bar {
  key: string;
  label: string;
  count: number;
  exact?: boolean;
  href: string;
}

const useCountText = () => {
  const t = useTranslate();
  return (c: BoundedCount | { count: number; exact?: boolean }) => (c.exact === false ? t('dashboard.about', { count: formatCount(c.count) }) : formatCount(c.count));
};

const Section = ({ title, hint, children, wide }: { title: string; hint?: string; children: ReactNode; wide?: boolean }) => {
  const { token } = theme.useToken();
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      style={{
        gridColumn: wide ? '1 / -1' : undefined,
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: 16,
        minWidth: 0,
      }}
    >
      <h2 id={id} style={{ fontSize: token.fontSizeLG, fontWeight: 600, margin: '0 0 4px', color: token.colorTextHeading }}>
        {title}
      </h2>
      {hint && <p style={{ margin: '0 0 12px', color: token.colorTextDescription, fontSize: token.fontSizeSM }}>{hint}</p>}
      {children}
    </section>
  );
};

/** Horizontal bars, each row one link: label, bar (decorative) and count. */
const BarList = ({ bars }: { bars: readonly Bar[] }) => {
  const { token } = theme.useToken();
  const countText = useCountText();
  const max = Math.max(1, ...bars.map((b) => b.count));
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 6 }}>
      {bars.map((b) => (
        <li key={b.key}>
          <Link to={b.href} className="dashboard-bar" style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: '2px 12px', alignItems: 'center' }}>
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{b.label}</span>
            <span style={{ fontVariantNumeric: 'tabular-nums', color: token.colorText }}>{countText(b)}</span>
            <span aria-hidden style={{ gridColumn: '1 / -1', height: 8, borderRadius: 4, background: token.colorFillSecondary, overflow: 'hidden' }}>
              <span style={{ display: 'block', height: '100%', width: `${(b.count / max) * 100}%`, minWidth: b.count ? 2 : 0, background: token.colorPrimary }} />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
};

/** Steps that read alike ("Rejeitado" is -1 and 4) are one figure, linking to both. */
const stepBars = (summary: DashboardSummary, t: (k: string) => string): Bar[] => {
  const groups = new Map<string, { steps: ProcessStep[]; count: number; exact: boolean }>();
  for (const step of PROCESS_STEPS) {
    const key = PROCESS_STEP_KEYS[step];
    const c = summary.byStep.find((s) => s.step === step);
    const g = groups.get(key) ?? { steps: [], count: 0, exact: true };
    g.steps.push(step);
    g.count += c?.count ?? 0;
    g.exact &&= c?.exact !== false;
    groups.set(key, g);
  }
  return [...groups].map(([key, g]) => ({
    key,
    label: t(`processStep.${key}`),
    count: g.count,
    exact: g.exact,
    href: listLink(SHARES_ROUTE, [{ field: 'processStep', operator: 'in', value: g.steps }]),
  }));
};

const Ageing = ({ summary }: { summary: DashboardSummary }) => {
  const t = useTranslate();
  const { token } = theme.useToken();
  const countText = useCountText();
  // The states whose shares wait longest come first; states without shares last.
  const rows = [...summary.ageing].sort((a, b) => (a.oldest[0]?.since ?? '\uffff').localeCompare(b.oldest[0]?.since ?? '\uffff'));
  const cell = { padding: '6px 8px', borderBottom: `1px solid ${token.colorBorderSecondary}`, textAlign: 'left' as const, verticalAlign: 'top' as const };
  return (
    <div style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('dashboard.ageing.title')}>
      <table style={{ borderCollapse: 'collapse', width: '100%', minWidth: 640 }}>
        <thead>
          <tr>
            <th scope="col" style={cell}>
              {t('dashboard.ageing.state')}
            </th>
            {AGE_BUCKETS.map((b) => (
              <th key={b.key} scope="col" style={{ ...cell, textAlign: 'right' }}>
                {t(`dashboard.ageing.buckets.${b.key}`)}
              </th>
            ))}
            <th scope="col" style={cell}>
              {t('dashboard.ageing.oldest')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.state}>
              <th scope="row" style={{ ...cell, fontWeight: 500 }}>
                <Link to={listLink(SHARES_ROUTE, [{ field: 'state', operator: 'in', value: [r.state] }])}>{t(`shareState.${r.state}`)}</Link>
              </th>
              {r.buckets.map((b, i) => (
                <td key={AGE_BUCKETS[i].key} style={{ ...cell, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                  {countText(b)}
                </td>
              ))}
              <td style={cell}>
                {r.oldest.length === 0 ? (
                  t('dashboard.ageing.none')
                ) : (
                  <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                    {r.oldest.map((o) => (
                      <li key={o.contractNumber}>
                        <Link to={workspacePath(o.contractNumber)}>{o.contractNumber}</Link>{' '}
                        <span style={{ color: token.colorTextDescription }}>{t('dashboard.ageing.since', { date: formatDate(o.since) })}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};

/** 30 columns in one SVG (decorative: the table below carries the same figures, with links). */
const Moves = ({ days }: { days: DashboardSummary['movesPerDay'] }) => {
  const t = useTranslate();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const max = Math.max(1, ...days.map((d) => d.count));
  const total = days.reduce((a, d) => a + d.count, 0);
  const W = 600;
  const H = 140;
  const step = W / days.length;
  return (
    <>
      <p style={{ margin: '0 0 8px' }}>{t('dashboard.moves.total', { count: formatCount(total) })}</p>
      <svg viewBox={`0 0 ${W} ${H + 18}`} width="100%" height={H + 18} preserveAspectRatio="none" aria-hidden focusable="false" style={{ display: 'block' }}>
        {days.map((d, i) => {
          const h = (d.count / max) * H;
          return (
            <g key={d.day} style={{ cursor: 'pointer' }} onClick={() => navigate(listLink(SHARES_ROUTE, dayFilters(d.day)))}>
              <title>{`${formatDate(d.day)}: ${formatCount(d.count)}`}</title>
              <rect x={i * step + 1} y={0} width={step - 2} height={H} fill="transparent" />
              <rect x={i * step + 1} y={H - h} width={step - 2} height={h} fill={token.colorPrimary} rx={1} />
              {i % 5 === 4 || i === days.length - 1 ? (
                <text x={i * step + step / 2} y={H + 14} fontSize={10} textAnchor="middle" fill={token.colorTextDescription}>
                  {dayjs(d.day).format('DD/MM')}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <details style={{ marginTop: 8 }}>
        <summary>{t('dashboard.asTable')}</summary>
        <table style={{ borderCollapse: 'collapse', marginTop: 8 }}>
          <thead>
            <tr>
              <th scope="col" style={{ textAlign: 'left', padding: '2px 12px 2px 0' }}>
                {t('dashboard.moves.day')}
              </th>
              <th scope="col" style={{ textAlign: 'right', padding: '2px 0' }}>
                {t('dashboard.moves.count')}
              </th>
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((d) => (
              <tr key={d.day}>
                <th scope="row" style={{ textAlign: 'left', fontWeight: 400, padding: '2px 12px 2px 0' }}>
                  <Link to={listLink(SHARES_ROUTE, dayFilters(d.day))}>{formatDate(d.day)}</Link>
                </th>
                <td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{formatCount(d.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
};

const DashboardCharts = ({ summary }: { summary: DashboardSummary }) => {
  const t = useTranslate();
  const { token } = theme.useToken();
  const countText = useCountText();
  const stateBars: Bar[] = summary.byState.map((s) => ({
    key: s.state,
    label: t(`shareState.${s.state}`),
    count: s.count,
    exact: s.exact,
    href: listLink(SHARES_ROUTE, [{ field: 'state', operator: 'in', value: [s.state] }]),
  }));
  const pendencyBars: Bar[] = summary.pendenciesByKind.map((p) => {
    const key = `pendencyKind.${p.kind}`;
    const label = t(key);
    return { key: p.kind, label: label === key ? p.kind : label, count: p.count, href: PENDENCIES_ROUTE };
  });
  const auctionBars: Bar[] = summary.auctionsByStatus.map((a) => ({
    key: a.status,
    label: t(`auctionStatus.${a.status}`),
    count: a.count,
    href: listLink(AUCTIONS_ROUTE, [{ field: 'status', operator: 'in', value: [a.status] }]),
  }));
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 320px), 1fr))', gap: 16 }}>
      <Section title={t('dashboard.byState.title')}>
        <p style={{ margin: '0 0 12px', fontSize: token.fontSizeLG }}>
          <Link to={SHARES_ROUTE}>
            {t('dashboard.total')}: <strong>{countText(summary.total)}</strong>
          </Link>
        </p>
        <BarList bars={stateBars} />
      </Section>
      <Section title={t('dashboard.byStep.title')}>
        <BarList bars={stepBars(summary, t)} />
      </Section>
      <Section title={t('dashboard.ageing.title')} hint={t('dashboard.ageing.hint')} wide>
        <Ageing summary={summary} />
      </Section>
      <Section title={t('dashboard.moves.title')} hint={t('dashboard.moves.hint')} wide>
        <Moves days={summary.movesPerDay} />
      </Section>
      <Section title={t('dashboard.pendencies.title')}>
        {pendencyBars.length ? <BarList bars={pendencyBars} /> : <p style={{ margin: 0 }}>{t('dashboard.pendencies.empty')}</p>}
      </Section>
      <Section title={t('dashboard.auctions.title')}>
        <BarList bars={auctionBars} />
      </Section>
    </div>
  );
};

export default DashboardCharts;
