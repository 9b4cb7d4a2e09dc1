/**
 * One share, the whole way (issue 3) in Chromium against `npm start`: the operator sends an
 * available share to the client's autoservice, the client accepts and the signed contract arrives,
 * then the operator approves the transfer with real uploaded files and marks it paid. The history
 * timeline lists the five moves in order.
 *
 * Why the test plays the autoservice: the client's acceptance (`client_accept`) and the arrival of
 * the signed contract (`contract_received`) have no HTTP call (SPEC §7 has none; in production the
 * client's autoservice makes them, docs/workflow.md). So between the two browser halves the test
 * stops the server, opens its PGlite directory itself and makes those two moves through the same
 * workflow service (`moveShare`) the server uses — one transaction each, with their history and
 * process-status entries — then starts the server again on the same data and port.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_FLAGS } from '../../src/domain/featureFlags';
import { openDatabase } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { moveShare } from '../../server/services/shareWorkflow';
import { toAuthUser } from '../../server/services/users';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { listLoginUrl, logIn, openPage, waitForRows, type Session } from './support/session';
import {
  apiLogin,
  sendAction,
  listShares,
  slowFinalize,
  stateTag,
  waitForWorkspace,
  type ListedShare,
  approveTransfer,
  markPaid,
  toolbar,
} from './support/workspace';

const OPERATOR = 'operador@repasse.dev';

// An explicit data directory: server.stop() keeps it, so the restarted server finds the same data.
const dataDir = mkdtempSync(join(tmpdir(), 'repasse-e2e-fullpath-'));
let server: RunningServer | undefined;
let browser: Browser;
let session: Session | undefined;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ dataDir }), launchBrowser()]);
});

afterAll(async () => {
  await session?.context.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const running = (): RunningServer => {
  if (!server) throw new Error('the server is not running');
  return server;
};


async function apiShare(contractNumber: string): Promise<ListedShare> {
  const token = await apiLogin(running().url, OPERATOR);
  const [share] = await listShares(running().url, token, { q: contractNumber }, 5);
  expect(share?.contractNumber).toBe(contractNumber);
  return share;
}

/**
 * The client's autoservice, played by the test (see the header): with the server stopped, the
 * share accepts and receives its contract through the workflow service on the server's own PGlite.
 * The service takes the user a move is written under; it has no platform actor, so the moves are
 * written under the operator's row (as tests/api/workflow.test.ts does). No `action` is given:
 * these are platform moves, so no button permission or flag applies — only the workflow table.
 */
async function clientAutoservice(shareId: string): Promise<void> {
  const handle = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  try {
    const [row] = await handle.db.select().from(users).where(eq(users.email, OPERATOR)).limit(1);
    expect(row, `user ${OPERATOR}`).toBeDefined();
    const actor = toAuthUser(row);
    const flags = { ...FEATURE_FLAGS };
    const accepted = await moveShare(handle.db, actor, { shareId }, { move: 'client_accept', flags, note: 'Aceite do cliente no autoatendimento' });
    expect(accepted).toMatchObject({ ok: true, state: 'accepted_by_client' });
    const received = await moveShare(handle.db, actor, { shareId }, { move: 'contract_received', flags, note: 'Contrato assinado recebido' });
    expect(received).toMatchObject({ ok: true, state: 'received_from_client' });
  } finally {
    // PGlite writes its directory on close; the server must not open it before that.
    await handle.close();
  }
}

describe('one share from available to paid', () => {
  it('autoservice in the UI, the client’s acceptance and contract, then transfer approved and paid in the UI; the timeline lists every move in order', async () => {
    const first = running();
    const token = await apiLogin(first.url, OPERATOR);
    const [share] = await listShares(first.url, token, { state: ['available'] }, 1);
    expect(share, 'a seeded available share').toBeDefined();

    session = await openPage(browser, listLoginUrl(first.url));
    const { page } = session;
    await logIn(page, OPERATOR);
    await waitForRows(page);
    await page.goto(`${first.url}/cotas/${share.contractNumber}`);
    await waitForWorkspace(page, share.contractNumber);
    await expect.poll(() => stateTag(page).innerText()).toBe('Disponível');

    // 1. The operator sends it to the client's autoservice.
    await toolbar(page).getByRole('button', { name: 'Enviar ao autoatendimento' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('A cota será enviada ao autoatendimento do cliente.').waitFor();
    expect((await sendAction(page, 'share_send_autoservice', confirm.getByRole('button', { name: 'Confirmar' }), confirm)).status()).toBe(200);
    await expect.poll(() => stateTag(page).innerText(), { timeout: 15_000 }).toBe('Enviada ao autoatendimento');
    expect((await apiShare(share.contractNumber)).state).toBe('sent_to_autoservice');

    // 2. The client's autoservice (no HTTP call exists for it): server down, moves on its database, server up.
    const port = first.port;
    server = undefined;
    await first.stop();
    await clientAutoservice(share.shareId);
    server = await startServer({ dataDir, port });
    const second = running();
    expect(second.url).toBe(first.url);
    expect((await apiShare(share.contractNumber)).state).toBe('received_from_client');

    // Same origin, same signing secret: the session survives the restart; a reload shows the new state.
    await slowFinalize(page);
    await page.reload();
    await waitForWorkspace(page, share.contractNumber);
    await expect.poll(() => stateTag(page).innerText(), { timeout: 15_000 }).toBe('Recebida do cliente');

    // 3. The operator approves the transfer with a proof, a billet and its line.
    const { transferProof, billet } = await approveTransfer(page, share);

    // 4. The operator marks it paid with a proof and today's date.
    const { paidProof } = await markPaid(page, share);
    expect((await apiShare(share.contractNumber)).state).toBe('payment_done');

    // 5. The history timeline (newest first) holds the five moves; oldest first they are in order.
    const moves = [
      'Disponível → Enviada ao autoatendimento',
      'Enviada ao autoatendimento → Aceita pelo cliente',
      'Aceita pelo cliente → Recebida do cliente',
      'Recebida do cliente → Aprovada pela administradora',
      'Aprovada pela administradora → Pagamento realizado',
    ];
    const entries = page.getByTestId('history-entry');
    await entries.filter({ hasText: moves[4] }).waitFor({ timeout: 15_000 });
    const texts = (await entries.allInnerTexts()).reverse();
    const last = texts.slice(-moves.length);
    expect(last.map((t) => moves.find((m) => t.includes(m)) ?? t)).toEqual(moves);
    expect(last[0]).toContain('Enviar ao autoatendimento');
    expect(last[1]).toContain('Aceite do cliente no autoatendimento');
    expect(last[2]).toContain('Contrato assinado recebido');
    expect(last[3]).toContain('Aprovar transferência');
    expect(last[4]).toContain('Marcar como paga');
    const transferEntry = entries.filter({ hasText: moves[3] });
    await transferEntry.getByRole('button', { name: `Baixar ${transferProof.name}` }).waitFor();
    await transferEntry.getByRole('button', { name: `Baixar ${billet.name}` }).waitFor();
    await entries.filter({ hasText: moves[4] }).getByRole('button', { name: `Baixar ${paidProof.name}` }).waitFor();
  });
});
