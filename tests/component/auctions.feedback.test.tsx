/**
 * What the auction pages tell the user: form errors that follow the form, buyers that may not buy,
 * names instead of numbers, confirmations before moves, direct sales worded as such.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuctionConfigProblem } from '../../src/domain';
import { A, L, auctionInfo, auctionRoutes, pickOption, preloadAuctionChunks, pricingRun } from './auctionsApi';
import { fieldOf, nextLabel, openAuction, title } from './auctionsPage';
import { type FakeReply } from './helpers';
import { type Route } from './workspaceApi';

vi.setConfig({ testTimeout: 90_000 });
beforeAll(preloadAuctionChunks, 60_000);

const fill = (text: string, vars: Record<string, string>) => Object.entries(vars).reduce((s, [k, v]) => s.replace(`{{${k}}}`, v), text);

const SAVED = {
  name: 'Leilão de novembro',
  startsAt: '2030-01-10T12:00:00.000Z',
  endsAt: '2030-01-20T21:00:00.000Z',
  contractNumbers: ['ACM-1', 'ACM-2'],
  fundIds: [7],
  playerIds: [],
  minimumPrice: { kind: 'percent_of_credit' as const, value: 70 },
};

describe('auction configuration: errors follow the form', () => {
  it('lists every problem the server found, naming the contracts and the other auction, and drops them once saved or changed (issue 13)', async () => {
    const problems: AuctionConfigProblem[] = [
      { field: 'contractNumbers', code: 'sharesNotFound', contracts: ['ACM-8', 'ACM-9'] },
      { field: 'contractNumbers', code: 'sharesUnavailable', contracts: ['ACM-2'] },
      { field: 'contractNumbers', code: 'sharesInOtherAuction', contracts: ['ACM-1'], auction: { auctionId: '3186f504-1b57-4cc3-8221-00b4a2646332', name: 'Leilão de março', isAuction: true } },
      { field: 'contractNumbers', code: 'sharesInOtherAuction', contracts: ['ACM-3', 'ACM-4'], auction: { auctionId: '7877b81c-2ed7-48de-afd9-93c38a725a43', name: null, isAuction: false } },
      { field: 'buyers', code: 'buyersNotFound', fundIds: [99] },
    ];
    let answer: FakeReply = {
      status: 400,
      data: { message: 'Invalid auction configuration: contract not found: ACM-8, ACM-9', errors: { contractNumbers: 'sharesNotFound', buyers: 'buyersNotFound' }, problems },
    };
    const api = openAuction(auctionRoutes(auctionInfo({ config: SAVED }), { 'POST /auction/save_config': () => answer }));
    const user = userEvent.setup({ delay: null });
    await title();
    await user.click(await screen.findByRole('button', { name: A.config.save }));
    const P = A.configErrors.problems;
    const expected = [
      fill(P.sharesNotFound_other, { list: 'ACM-8, ACM-9' }),
      fill(P.sharesUnavailable_one, { list: 'ACM-2' }),
      fill(P.sharesInOtherAuction_one, { name: 'Leilão de março', list: 'ACM-1' }),
      fill(P.sharesInOtherAuctionSale_other, { name: L.auctionList.unnamed_directSale, list: 'ACM-3, ACM-4' }),
    ];
    // One line each, all at once, in Portuguese; no code and no uuid.
    await waitFor(() => expect([...fieldOf(A.config.contracts).querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent)).toEqual(expected));
    expect(fieldOf(A.config.contracts)).not.toHaveTextContent('3186f504');
    expect(screen.getByTestId('buyers-error')).toHaveTextContent(fill(P.fundsNotFound, { list: '99' }));

    // Saved: no message is left behind.
    answer = { status: 200, data: auctionInfo({ config: SAVED, nextStepBlocker: null }) };
    await user.click(screen.getByRole('button', { name: A.config.save }));
    expect(await screen.findByText(A.config.saved)).toBeInTheDocument();
    await waitFor(() => expect(fieldOf(A.config.contracts).querySelectorAll('.ant-form-item-explain-error')).toHaveLength(0));
    expect(screen.queryByTestId('buyers-error')).toBeNull();

    // A new refusal, then the user fixes the field: its messages go at once.
    answer = { status: 400, data: { message: 'Invalid auction configuration: contract not found: ACM-1', errors: { contractNumbers: 'sharesNotFound' }, problems: [problems[0]] } };
    await user.click(screen.getByRole('button', { name: A.config.save }));
    await waitFor(() => expect(fieldOf(A.config.contracts)).toHaveTextContent(expected[0]));
    await user.type(screen.getByLabelText(A.config.contracts), '{Enter}ACM-3');
    await waitFor(() => expect(fieldOf(A.config.contracts)).not.toHaveTextContent(expected[0]));
    expect(api.called('POST', '/auction/save_config')).toHaveLength(3);
  }, 150_000);

  it('does not submit the form when Enter is pressed inside the window picker', async () => {
    const api = openAuction(auctionRoutes(auctionInfo({ config: SAVED }), { 'POST /auction/save_config': { status: 200, data: auctionInfo({ config: SAVED }) } }));
    const user = userEvent.setup({ delay: null });
    await title();
    await user.click(await screen.findByPlaceholderText(A.config.windowStart));
    await user.keyboard('{Enter}');
    await user.click(screen.getByLabelText(A.config.name));
    await user.click(screen.getByRole('button', { name: A.config.save }));
    await waitFor(() => expect(api.called('POST', '/auction/save_config')).toHaveLength(1));
    expect(await screen.findByText(A.config.saved)).toBeInTheDocument();
    expect(api.called('POST', '/auction/save_config')).toHaveLength(1);
  });
});

describe('auction configuration: buyers', () => {
  const withPlayers = (extra: Record<string, FakeReply | Route> = {}) =>
    auctionRoutes(auctionInfo({ config: SAVED }), {
      'GET /player/list': {
        status: 200,
        data: {
          data: [
            { playerId: 3, name: 'Player Beta', document: '', enabled: true },
            { playerId: 5, name: 'Player Gama', document: '', enabled: false },
          ],
          total: 2,
          page: 1,
          limit: 100,
        },
      },
      ...extra,
    });

  it('shows a player that is not enabled, but it cannot be picked', async () => {
    openAuction(withPlayers(), 'operator');
    const user = userEvent.setup({ delay: null });
    await title();
    await user.click(await screen.findByRole('combobox', { name: A.config.players }));
    const label = fill(A.config.playerDisabled, { name: 'Player Gama' });
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((el) => el.textContent === label);
      if (!found) throw new Error('option not shown');
      return found;
    });
    expect(option).toHaveClass('ant-select-item-option-disabled');
    await pickOption('Player Beta');
    const players = fieldOf(A.config.players);
    expect(within(players).getByText('Player Beta')).toBeInTheDocument();
    expect(within(players).queryByText(label)).toBeNull();
  });

  it('shows the server\'s refusal of buyers under funds and players together', async () => {
    openAuction(
      withPlayers({
        'POST /auction/save_config': {
          status: 400,
          data: { message: 'Invalid auction configuration: player not found or not enabled', errors: { buyers: 'buyersNotFound' } },
        },
      }),
      'operator',
    );
    const user = userEvent.setup({ delay: null });
    await title();
    await user.click(await screen.findByRole('button', { name: A.config.save }));
    expect(await screen.findByTestId('buyers-error')).toHaveTextContent(A.configErrors.buyersNotFound);
    const group = screen.getByTestId('buyers-group');
    expect(within(group).getByLabelText(A.config.funds)).toBeInTheDocument();
    expect(within(group).getByLabelText(A.config.players)).toBeInTheDocument();
    expect(screen.getByTestId('buyers-group')).toHaveTextContent(A.configErrors.buyersNotFound);
    // Changing a buyer clears it.
    await user.click(within(group).getByRole('combobox', { name: A.config.players }));
    await pickOption('Player Beta');
    await waitFor(() => expect(screen.queryByTestId('buyers-error')).toBeNull());
  });

  it('names the buyers for a fund user, who may not list funds or players', async () => {
    const config = { ...SAVED, fundIds: [7], playerIds: [5] };
    const api = openAuction(
      auctionRoutes(
        auctionInfo({ status: 'live', config, nextStatus: 'finished', nextStepBlocker: null, buyers: { funds: [{ id: 7, name: 'Fundo Alfa FIDC' }], players: [{ id: 5, name: 'Player Gama' }] } }),
      ),
      'fund',
    );
    await title();
    const summary = await screen.findByTestId('config-summary');
    expect(summary).toHaveTextContent('Fundo Alfa FIDC');
    expect(summary).toHaveTextContent('Player Gama');
    expect(summary).not.toHaveTextContent('#5');
    expect(api.called('GET', '/player/list')).toHaveLength(0);
  });
});

describe('auction moves: confirmation and wording', () => {
  it('asks before going live, warns that the window has not opened, and sends one move for a double click', async () => {
    const info = auctionInfo({ status: 'processing', nextStatus: 'live', nextStepBlocker: null, latestPricing: 'processed', startsAt: '2099-01-10T12:00:00.000Z', endsAt: '2099-01-20T12:00:00.000Z' });
    const api = openAuction(auctionRoutes(info, { 'POST /auction/next_step': { status: 200, data: auctionInfo({ ...info, status: 'live', nextStatus: 'finished' }) } }));
    const user = userEvent.setup({ delay: null });
    await title();
    const next = await screen.findByRole('button', { name: new RegExp(nextLabel('live')) });
    await user.dblClick(next);
    const dialog = await screen.findByRole('dialog');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(dialog).toHaveTextContent(fill(A.actions.nextTitle, { step: A.steps.live }));
    expect(dialog).toHaveTextContent(A.actions.nextText.live);
    expect(within(dialog).getByTestId('next-step-warning')).toHaveTextContent(A.actions.notOpenYet.split('{{at}}')[0].trim());

    await user.click(within(dialog).getByRole('button', { name: A.actions.nextKeep }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.called('POST', '/auction/next_step')).toHaveLength(0);

    await user.click(next);
    const again = await screen.findByRole('dialog');
    const ok = within(again).getByRole('button', { name: A.actions.nextConfirm });
    // Two quick clicks on the confirmation: one move.
    fireEvent.click(ok);
    fireEvent.click(ok);
    await waitFor(() => expect(api.called('POST', '/auction/next_step')).toHaveLength(1));
    expect(await screen.findByText(fill(A.actions.nextDone, { step: A.steps.live }))).toBeInTheDocument();
    expect(api.called('POST', '/auction/next_step')).toHaveLength(1);
    expect(screen.queryByText(A.conflict)).toBeNull();
  });

  it('words a direct sale as one: its name, its cancel button and its confirmation', async () => {
    openAuction(auctionRoutes(auctionInfo({ isAuction: false, name: null })));
    const user = userEvent.setup({ delay: null });
    await title(L.auctionList.unnamed_directSale);
    await user.click(await screen.findByRole('button', { name: new RegExp(A.actions.cancel_directSale) }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(A.actions.cancelTitle_directSale);
    expect(dialog).toHaveTextContent(fill(A.actions.cancelText_directSale, { name: L.auctionList.unnamed_directSale }));
    expect(within(dialog).getByRole('button', { name: A.actions.cancelConfirm_directSale })).toBeInTheDocument();
  });

  it('marks the last step as the current one once finished', async () => {
    openAuction(auctionRoutes(auctionInfo({ status: 'finished', nextStatus: null, nextStepBlocker: null, cancelable: false, config: SAVED })));
    await title();
    const steps = screen.getByRole('navigation', { name: A.steps.label });
    await waitFor(() => expect(steps.querySelector('[aria-current="step"]')).toHaveTextContent(A.steps.finished));
    expect(screen.getByRole('heading', { level: 2, name: A.steps.finished })).toBeInTheDocument();
  });
});

describe('pricing errors', () => {
  it('says which minimum a price fell under', async () => {
    const run = pricingRun({ status: 'validation_error', rowErrors: [{ row: 2, code: 'priceBelowMinimum', value: '500,00' }] });
    openAuction(
      auctionRoutes(
        auctionInfo({ status: 'pricing', nextStepBlocker: 'pricingNotProcessed', latestPricing: 'validation_error', config: { ...SAVED, minimumPrice: { kind: 'fixed', value: 1000 } } }),
        { 'GET /auction/pricing_list': { status: 200, data: { data: [run] } } },
      ),
    );
    const errors = await screen.findByTestId('pricing-errors', {}, { timeout: 20_000 });
    const money = (1000).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' }).replace(/\s/g, ' ');
    expect(errors).toHaveTextContent(fill(A.rowErrors.priceBelowMinimumOf, { minimum: money }));
  });
});
