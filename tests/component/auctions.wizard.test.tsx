import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { A, AUCTION_ID, L, auctionInfo, auctionRoutes, historyOf, preloadAuctionChunks } from './auctionsApi';
import { button, fieldOf, nextLabel, openAuction, title } from './auctionsPage';
import { type FakeReply } from './helpers';

vi.setConfig({ testTimeout: 90_000 });
beforeAll(preloadAuctionChunks, 60_000);


describe('auction wizard: header, steps and moves', () => {
  it('shows name, type, status, administrator and the steps, the current one first', async () => {
    openAuction(auctionRoutes(auctionInfo({ status: 'pricing', nextStepBlocker: 'pricingNotProcessed' })));
    await title();
    expect(screen.getByTestId('auction-type')).toHaveTextContent(L.auctionType.true);
    expect(screen.getByTestId('auction-status')).toHaveTextContent(L.auctionStatus.pricing);
    expect(screen.getAllByText('Acme Consórcios').length).toBeGreaterThan(0);
    const steps = screen.getByRole('navigation', { name: A.steps.label });
    for (const s of ['created', 'pricing', 'processing', 'live', 'finished'] as const) expect(within(steps).getByText(A.steps[s])).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: A.steps.pricing })).toBeInTheDocument();
  });

  it('keeps the next step disabled with the reason while the server blocks it', async () => {
    openAuction(auctionRoutes(auctionInfo({ status: 'created', nextStepBlocker: 'configIncomplete' })));
    await title();
    const next = await screen.findByRole('button', { name: new RegExp(nextLabel('pricing')) });
    expect(next).toBeDisabled();
    expect(screen.getByTestId('next-step-blocker')).toHaveTextContent(A.blockers.configIncomplete);
    expect(next).toHaveAttribute('aria-describedby', screen.getByTestId('next-step-blocker').id);
  });

  it('moves to the next step with the status it saw, and the page shows the new one', async () => {
    let info = auctionInfo({ status: 'pricing', nextStatus: 'processing', nextStepBlocker: null, latestPricing: 'processed' });
    const api = openAuction(
      auctionRoutes(info, {
        'GET /auction/info': () => ({ status: 200, data: info }),
        'POST /auction/next_step': () => {
          info = auctionInfo({ status: 'processing', nextStatus: 'live', nextStepBlocker: null, latestPricing: 'processed' });
          return { status: 200, data: info };
        },
      }),
    );
    await title();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: new RegExp(nextLabel('processing')) }));
    // Nothing moves before the confirmation, which tells what the move does.
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(A.actions.nextText.processing);
    expect(api.called('POST', '/auction/next_step')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: A.actions.nextConfirm }));
    await waitFor(() => expect(api.called('POST', '/auction/next_step')).toHaveLength(1));
    expect(api.called('POST', '/auction/next_step')[0].body).toEqual({ auctionId: AUCTION_ID, fromStatus: 'pricing' });
    await waitFor(() => expect(screen.getByTestId('auction-status')).toHaveTextContent(L.auctionStatus.processing));
    expect(await screen.findByRole('button', { name: new RegExp(nextLabel('live')) })).toBeEnabled();
  });

  it('says so in words when the auction moved meanwhile (409), and shows where it is now', async () => {
    let info = auctionInfo({ status: 'processing', nextStatus: 'live', nextStepBlocker: null, latestPricing: 'processed' });
    const api = openAuction(
      auctionRoutes(info, {
        'GET /auction/info': () => ({ status: 200, data: info }),
        'POST /auction/next_step': () => {
          info = auctionInfo({ status: 'live', nextStatus: 'finished', nextStepBlocker: null, latestPricing: 'processed' });
          return { status: 409, data: { message: 'Invalid auction status transition: the auction is live, not processing' } };
        },
      }),
    );
    await title();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: new RegExp(nextLabel('live')) }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: A.actions.nextConfirm }));
    expect(await screen.findByText(A.conflict)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('auction-status')).toHaveTextContent(L.auctionStatus.live));
    expect(api.called('POST', '/auction/next_step')).toHaveLength(1);
  });

  it('cancels only after the confirmation: declining sends nothing, confirming cancels and shows it clearly', async () => {
    let info = auctionInfo({ status: 'pricing', nextStepBlocker: 'pricingNotProcessed' });
    let history = historyOf([null, 'created'], ['created', 'pricing']);
    const api = openAuction(
      auctionRoutes(info, {
        'GET /auction/info': () => ({ status: 200, data: info }),
        'GET /auction/status_history': () => ({ status: 200, data: { data: history } }),
        'POST /auction/cancel': () => {
          info = auctionInfo({ status: 'canceled', nextStatus: null, nextStepBlocker: null, cancelable: false });
          history = historyOf([null, 'created'], ['created', 'pricing'], ['pricing', 'canceled']);
          return { status: 200, data: info };
        },
      }),
    );
    const user = userEvent.setup({ delay: null });
    await title();
    await user.click(button(A.actions.cancel)!);
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(A.actions.cancelTitle);
    await user.click(within(dialog).getByRole('button', { name: A.actions.cancelKeep }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.called('POST', '/auction/cancel')).toHaveLength(0);

    await user.click(button(A.actions.cancel)!);
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: A.actions.cancelConfirm }));
    await waitFor(() => expect(api.called('POST', '/auction/cancel')).toHaveLength(1));
    expect(api.called('POST', '/auction/cancel')[0].body).toEqual({ auctionId: AUCTION_ID, fromStatus: 'pricing' });
    const banner = await screen.findByTestId('auction-canceled');
    expect(banner).toHaveTextContent(A.canceled.title);
    await waitFor(() => expect(banner).toHaveTextContent(A.steps.pricing));
    // The page shows the step it stopped at.
    expect(await screen.findByRole('heading', { level: 2, name: A.steps.pricing })).toBeInTheDocument();
    expect(screen.getByTestId('auction-status')).toHaveTextContent(L.auctionStatus.canceled);
    expect(button(A.actions.cancel)).toBeNull();
    expect(screen.queryByRole('toolbar', { name: A.actions.label })).toBeNull();
  });

  it('lists the status history in order, with who moved it', async () => {
    openAuction(auctionRoutes(auctionInfo({ status: 'pricing' }), { 'GET /auction/status_history': { status: 200, data: { data: historyOf([null, 'created'], ['created', 'pricing']) } } }));
    await title();
    const timeline = await screen.findByTestId('auction-history');
    const items = within(timeline).getAllByRole('listitem').map((li) => li.textContent ?? '');
    expect(items[0]).toContain(A.history.created.replace('{{to}}', L.auctionStatus.created));
    expect(items[1]).toContain(`${L.auctionStatus.created} → ${L.auctionStatus.pricing}`);
    expect(items[1]).toContain('Ana Administradora');
  });

  it('says an auction that does not exist was not found', async () => {
    openAuction({ 'GET /auction/info': { status: 404, data: { message: 'Auction not found' } } });
    expect(await screen.findByText(A.page.notFound)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: A.page.back })).toBeInTheDocument();
  });
});

describe('auction wizard: configuration', () => {
  it('checks the form with validateAuctionConfig and shows each message on its field, without calling the server', async () => {
    const api = openAuction(auctionRoutes(auctionInfo({ name: null })));
    const user = userEvent.setup({ delay: null });
    await title(L.auctionList.unnamed);
    await user.click(await screen.findByRole('button', { name: A.config.save }));
    await waitFor(() => expect(fieldOf(A.config.name)).toHaveTextContent(A.configErrors.required));
    expect(fieldOf(A.config.contracts)).toHaveTextContent(A.configErrors.noShares);
    // Funds and players share one message, under both.
    expect(screen.getByTestId('buyers-group')).toHaveTextContent(A.configErrors.noBuyers);
    expect(fieldOf(A.config.minimumValue)).toHaveTextContent(A.configErrors.required);
    expect(api.called('POST', '/auction/save_config')).toHaveLength(0);

    await user.type(screen.getByLabelText(A.config.name), 'AB');
    await user.type(screen.getByLabelText(A.config.contracts), 'ACM-1{Enter}ACM-1');
    expect(screen.getByTestId('contracts-count')).toHaveTextContent('2 contratos');
    await user.click(screen.getByRole('button', { name: A.config.save }));
    await waitFor(() => expect(fieldOf(A.config.name)).toHaveTextContent(A.configErrors.nameLength));
    expect(fieldOf(A.config.contracts)).toHaveTextContent(A.configErrors.duplicateShares);
    expect(api.called('POST', '/auction/save_config')).toHaveLength(0);
  });

  it('sends a valid configuration and shows what only the server knows on its field', async () => {
    const start = '2030-01-10T12:00:00.000Z';
    const end = '2030-01-20T21:00:00.000Z';
    const saved = { name: 'Leilão de novembro', startsAt: start, endsAt: end, contractNumbers: ['ACM-1', 'ACM-2'], fundIds: [7], playerIds: [], minimumPrice: { kind: 'percent_of_credit' as const, value: 70 } };
    let answer: FakeReply = { status: 400, data: { message: 'Invalid auction configuration: share not available: ACM-2', errors: { contractNumbers: 'sharesUnavailable' } } };
    const api = openAuction(auctionRoutes(auctionInfo({ config: saved }), { 'POST /auction/save_config': () => answer }));
    const user = userEvent.setup({ delay: null });
    await title();
    await user.click(await screen.findByRole('button', { name: A.config.save }));
    await waitFor(() => expect(api.called('POST', '/auction/save_config')).toHaveLength(1));
    expect(api.called('POST', '/auction/save_config')[0].body).toEqual({ auctionId: AUCTION_ID, config: saved });
    await waitFor(() => expect(fieldOf(A.config.contracts)).toHaveTextContent(A.configErrors.sharesUnavailable));

    answer = { status: 200, data: auctionInfo({ config: saved, nextStepBlocker: null }) };
    await user.click(screen.getByRole('button', { name: A.config.save }));
    expect(await screen.findByText(A.config.saved)).toBeInTheDocument();
  });

  it('takes a fixed minimum written the Brazilian way, and refuses −5 on its field instead of making it R$ 0,00', async () => {
    const saved = { name: 'Leilão de novembro', startsAt: '2030-01-10T12:00:00.000Z', endsAt: '2030-01-20T21:00:00.000Z', contractNumbers: ['ACM-1'], fundIds: [7], playerIds: [], minimumPrice: { kind: 'fixed' as const, value: 1500 } };
    const api = openAuction(auctionRoutes(auctionInfo({ config: saved }), { 'POST /auction/save_config': { status: 200, data: auctionInfo({ config: saved }) } }));
    const user = userEvent.setup({ delay: null });
    await title();
    const input = screen.getByLabelText(A.config.minimumValue) as HTMLInputElement;
    expect(input).toHaveValue('1.500,00');
    for (const [typed, message] of [
      ['-5', L.validation.money.negative],
      ['1500.5', L.validation.money.usFormat],
      ['abc', L.validation.money.notNumber],
    ]) {
      await user.clear(input);
      await user.paste(typed);
      await user.tab();
      await waitFor(() => expect(fieldOf(A.config.minimumValue)).toHaveTextContent(message));
      expect(input).toHaveValue(typed);
      await user.click(screen.getByRole('button', { name: A.config.save }));
      await waitFor(() => expect(fieldOf(A.config.minimumValue)).toHaveTextContent(message));
    }
    expect(api.called('POST', '/auction/save_config')).toHaveLength(0);
    await user.clear(input);
    await user.paste('150.000,50');
    await user.tab();
    expect(input).toHaveValue('150.000,50');
    await user.click(screen.getByRole('button', { name: A.config.save }));
    await waitFor(() => expect(api.called('POST', '/auction/save_config')).toHaveLength(1));
    expect(api.called('POST', '/auction/save_config')[0].body).toMatchObject({ config: { minimumPrice: { kind: 'fixed', value: 150000.5 } } });
    // Pasted, not typed, to keep a whole page's re-renders per keystroke out of a slow jsdom run;
    // typing is covered in moneyInput.test.tsx. Several validations still take long on a busy machine.
  }, 150_000);

  it('hides the player choice from an administrator, who may not list players, and says why', async () => {
    const api = openAuction(auctionRoutes(auctionInfo()));
    await title();
    expect(await screen.findByText(A.config.playersHidden)).toBeInTheDocument();
    expect(screen.queryByLabelText(A.config.players)).toBeNull();
    expect(api.called('GET', '/player/list')).toHaveLength(0);
  });
});
