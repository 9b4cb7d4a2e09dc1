import { useTranslate } from '@refinedev/core';
import { Button, Card, Descriptions, Empty, Space, Tag, theme } from 'antd';
import { Suspense, lazy, useRef, useState, type ReactNode } from 'react';
import type { ShareDetail } from '../../domain';
import { FEATURE_FLAGS } from '../../domain/featureFlags';
import { formatMoney } from '../../domain/money';
import {
  availablePendencyMoves,
  isOpenPendency,
  isPendencyOverdue,
  isTicketOverdue,
  pendencyAgeDays,
  type PendencyPayment,
  type PendencyRecord,
  type PendencyTicket,
} from '../../domain/pendencies';
import { FileLink } from '../../components/FileLink';
import { formatDate, formatDateTime } from '../../components/formatters';
import { usePendencyList, type PendencyFormMove } from '../../hooks/usePendencies';
import { useGrantee } from '../../hooks/useSession';
import { ACCESSIBLE_TEXT_TOKENS } from '../../shell';
import { QueryState } from './shared';

// The forms (with their date pickers and upload fields) load when one is first opened.
const PendencyFormModal = lazy(() => import('./PendencyForms'));

/** The boleto line in its printed groups, so it can be read aloud and compared with the paper. */
export const formatBoletoLine = (digits: string | null): string => {
  if (!digits) return '—';
  if (digits.length === 47)
    return `${digits.slice(0, 5)}.${digits.slice(5, 10)} ${digits.slice(10, 15)}.${digits.slice(15, 21)} ${digits.slice(21, 26)}.${digits.slice(26, 32)} ${digits[32]} ${digits.slice(33)}`;
  if (digits.length === 48) return [0, 12, 24, 36].map((i) => digits.slice(i, i + 12)).join(' ');
  return digits;
};

const STATUS_COLORS: Record<PendencyRecord['status'], string> = { open: 'orange', paid: 'blue', cleared: 'green', cancelled: 'default' };

const Muted = ({ children }: { children: ReactNode }) => <span style={{ color: ACCESSIBLE_TEXT_TOKENS.colorTextDescription }}>{children}</span>;

const TicketItem = ({ ticket, pendency }: { ticket: PendencyTicket; pendency: PendencyRecord }) => {
  const t = useTranslate();
  const overdue = isTicketOverdue(ticket, pendency.status);
  return (
    <li data-testid="pendency-ticket" style={{ marginBottom: 8 }}>
      <Space wrap size={[8, 0]}>
        <strong>{t(`ticketKind.${ticket.kind}`)}</strong>
        <span>{formatMoney(ticket.amount)}</span>
        <span>{t('workspace.pendencies.dueOn', { date: formatDate(ticket.dueDate) })}</span>
        {overdue && <Tag color="red">{t('workspace.pendencies.ticketOverdue')}</Tag>}
        {ticket.paid && <Tag color="green">{t('workspace.pendencies.ticketPaid')}</Tag>}
      </Space>
      {ticket.line && (
        <div style={{ wordBreak: 'break-all', fontVariantNumeric: 'tabular-nums' }}>
          <Muted>{t('workspace.pendencies.fields.line')}:</Muted> {formatBoletoLine(ticket.line)}
        </div>
      )}
      <div>
        {ticket.filePath && ticket.fileName && <FileLink file={{ fileName: ticket.fileName, filePath: ticket.filePath }} />}{' '}
        <Muted>{t('workspace.pendencies.addedBy', { name: ticket.addedBy?.name ?? t('workspace.summary.system'), at: formatDateTime(ticket.addedAt) })}</Muted>
      </div>
    </li>
  );
};

const PaymentItem = ({ payment, tickets }: { payment: PendencyPayment; tickets: readonly PendencyTicket[] }) => {
  const t = useTranslate();
  const ticket = tickets.find((x) => x.ticketId === payment.ticketId);
  return (
    <li data-testid="pendency-payment" style={{ marginBottom: 8 }}>
      <Space wrap size={[8, 0]}>
        <strong>{formatMoney(payment.amount)}</strong>
        <span>{t('workspace.pendencies.paidOn', { date: formatDate(payment.paidDate) })}</span>
        {ticket && <Muted>{t('workspace.pendencies.forTicket', { kind: t(`ticketKind.${ticket.kind}`) })}</Muted>}
      </Space>
      <div>
        {payment.filePath && payment.fileName && <FileLink file={{ fileName: payment.fileName, filePath: payment.filePath }} />}{' '}
        <Muted>{t('workspace.pendencies.registeredBy', { name: payment.registeredBy?.name ?? t('workspace.summary.system'), at: formatDateTime(payment.registeredAt) })}</Muted>
      </div>
    </li>
  );
};

interface CardProps {
  pendency: PendencyRecord;
  moves: PendencyFormMove[];
  onMove: (move: PendencyFormMove, pendency: PendencyRecord, opener: HTMLElement) => void;
}

/** One pendency: what it is, what is owed, its boletos and payments, and the moves possible now. */
const PendencyCard = ({ pendency: p, moves, onMove }: CardProps) => {
  const t = useTranslate();
  const { token } = theme.useToken();
  const kind = t(`pendencyKind.${p.kind}`);
  const open = isOpenPendency(p.status);
  const overdue = isPendencyOverdue(p);
  const headingId = `pendency-${p.pendencyId}`;
  const money = p.amount !== null;
  return (
    <Card size="small" data-testid="pendency" aria-labelledby={headingId}>
      <Space wrap size={[8, 4]} style={{ marginBottom: 8 }}>
        <h3 id={headingId} style={{ fontSize: token.fontSizeLG, margin: 0 }}>
          {kind}
        </h3>
        <Tag color={STATUS_COLORS[p.status]}>{t(`pendencyStatus.${p.status}`)}</Tag>
        {overdue && <Tag color="red">{t('workspace.pendencies.overdue')}</Tag>}
      </Space>
      <p style={{ margin: '0 0 8px', whiteSpace: 'pre-wrap' }}>{p.description}</p>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
        items={[
          ...(p.documentType ? [{ key: 'doc', label: t('workspace.pendencies.fields.documentType'), children: t(`documentType.${p.documentType}`) }] : []),
          ...(money
            ? [
                { key: 'amount', label: t('workspace.pendencies.fields.amount'), children: formatMoney(p.amount) },
                { key: 'paid', label: t('workspace.pendencies.paidAmount'), children: formatMoney(p.paidAmount) },
                { key: 'paymentType', label: t('workspace.pendencies.fields.paymentType'), children: p.paymentType ? t(`paymentType.${p.paymentType}`) : '—' },
              ]
            : []),
          {
            key: 'due',
            label: t('workspace.pendencies.fields.dueDate'),
            children: (
              <span data-testid="pendency-due">
                {formatDate(p.dueDate)} {overdue && <Tag color="red">{t('workspace.pendencies.overdue')}</Tag>}
              </span>
            ),
          },
          {
            key: 'opened',
            label: t('workspace.pendencies.openedBy'),
            children: `${p.openedBy?.name ?? t('workspace.summary.system')}, ${formatDateTime(p.openedAt)}${open ? ` (${t('workspace.pendencies.age', { count: pendencyAgeDays(p.openedAt) })})` : ''}`,
          },
          { key: 'return', label: t('workspace.pendencies.returnState'), children: p.returnState ? t(`shareState.${p.returnState}`) : '—' },
          ...(p.clearedAt
            ? [{ key: 'cleared', label: t('workspace.pendencies.clearedBy'), children: `${p.clearedBy?.name ?? t('workspace.summary.system')}, ${formatDateTime(p.clearedAt)}` }]
            : []),
          ...(p.cancelledAt ? [{ key: 'cancelled', label: t('workspace.pendencies.cancelledAt'), children: formatDateTime(p.cancelledAt) }] : []),
          ...(p.clearNote ? [{ key: 'note', label: t('workspace.pendencies.fields.note'), children: <span style={{ whiteSpace: 'pre-wrap' }}>{p.clearNote}</span> }] : []),
        ]}
      />
      {money && (
        <>
          <h4 style={{ margin: '12px 0 4px', fontSize: token.fontSize }}>{t('workspace.pendencies.tickets')}</h4>
          {p.tickets.length ? (
            <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {p.tickets.map((ticket) => (
                <TicketItem key={ticket.ticketId} ticket={ticket} pendency={p} />
              ))}
            </ul>
          ) : (
            <Muted>{t('workspace.pendencies.noTickets')}</Muted>
          )}
          <h4 style={{ margin: '12px 0 4px', fontSize: token.fontSize }}>{t('workspace.pendencies.payments')}</h4>
          {p.payments.length ? (
            <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {p.payments.map((payment) => (
                <PaymentItem key={payment.paymentId} payment={payment} tickets={p.tickets} />
              ))}
            </ul>
          ) : (
            <Muted>{t('workspace.pendencies.noPayments')}</Muted>
          )}
        </>
      )}
      {moves.length > 0 && (
        <div role="toolbar" aria-label={t('workspace.pendencies.actionsLabel', { kind })} style={{ marginTop: 12 }}>
          <Space wrap>
            {moves.map((move) => (
              <Button key={move} type={move === 'clear' ? 'primary' : 'default'} onClick={(e) => onMove(move, p, e.currentTarget)}>
                {t(`workspace.pendencies.moves.${move}`)}
              </Button>
            ))}
          </Space>
        </div>
      )}
    </Card>
  );
};

/**
 * The "Pendências" tab: the share's open pendencies with what each needs and the moves possible now
 * (the pendency workflow, the permission matrix and the token's deniedPermissions, as the server
 * decides); the cleared and cancelled ones too when the flag displayOldPendencyHistory is on.
 */
const PendenciesTab = ({ share }: { share: ShareDetail }) => {
  const t = useTranslate();
  const who = useGrantee();
  const { token } = theme.useToken();
  const query = usePendencyList(share);
  const [form, setForm] = useState<{ move: PendencyFormMove; pendency: PendencyRecord } | null>(null);
  // The dialog unmounts as it closes: the button that opened it takes the focus back (issue 14).
  const opener = useRef<HTMLElement | null>(null);
  const close = () => {
    setForm(null);
    requestAnimationFrame(() => opener.current?.isConnected && opener.current.focus());
  };
  const openOnes = query.list.filter((p) => isOpenPendency(p.status));
  const closedOnes = query.list.filter((p) => !isOpenPendency(p.status)).reverse();
  const movesOf = (p: PendencyRecord) => availablePendencyMoves(p, who).filter((m): m is PendencyFormMove => m !== 'cancel' && m !== 'open');
  const heading = { fontSize: token.fontSizeHeading5, margin: '0 0 8px' };
  const cards = (list: PendencyRecord[]) =>
    list.map((p) => (
      <PendencyCard
        key={p.pendencyId}
        pendency={p}
        moves={movesOf(p)}
        onMove={(move, pendency, el) => {
          opener.current = el;
          setForm({ move, pendency });
        }}
      />
    ));
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <section aria-labelledby="pendencies-open">
        <h2 id="pendencies-open" style={heading}>
          {t('workspace.pendencies.openTitle')}
        </h2>
        <QueryState loading={query.isLoading} error={query.error}>
          {openOnes.length ? (
            <Space direction="vertical" style={{ width: '100%' }}>
              {cards(openOnes)}
            </Space>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workspace.pendencies.empty')} />
          )}
        </QueryState>
      </section>
      {FEATURE_FLAGS.displayOldPendencyHistory && (
        <section aria-labelledby="pendencies-closed">
          <h2 id="pendencies-closed" style={heading}>
            {t('workspace.pendencies.closedTitle')}
          </h2>
          {!query.isLoading && !query.error && (
            <>{closedOnes.length ? <Space direction="vertical" style={{ width: '100%' }}>{cards(closedOnes)}</Space> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workspace.pendencies.closedEmpty')} />}</>
          )}
        </section>
      )}
      {form && (
        <Suspense fallback={null}>
          <PendencyFormModal move={form.move} share={share} pendency={form.pendency} openCount={openOnes.length} onClose={close} />
        </Suspense>
      )}
    </Space>
  );
};

export default PendenciesTab;
