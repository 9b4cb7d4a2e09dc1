/**
 * What an operator and an administrator hit in their first week with auctions (issue 13): the
 * spreadsheet size checked before upload, each share's price after processing, what a fund may not
 * read, a direct sale's words, and a window whose end comes before its start.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuctionShareResult } from '../../src/domain';
import { A, L, auctionInfo, auctionRoutes, preloadAuctionChunks } from './auctionsApi';
import { fieldOf, openAuction, title } from './auctionsPage';

vi.setConfig({ testTimeout: 90_000 });
beforeAll(preloadAuctionChunks, 60_000);

const fill = (text: string, vars: Record<string, string>) => Object.entries(vars).reduce((s, [k, v]) => s.replace(`{{${k}}}`, v), text);

const result = (over: Partial<AuctionShareResult>): AuctionShareResult => ({
  shareId: 's-1',
  contractNumber: 'ACM-0000001',
  administratorName: 'Acme Consórcios',
  creditValue: 100_000,
  minimumPrice: 70_000,
  price: 72_500.5,
  state: 'available',
  ...over,
});

describe('the pricing spreadsheet', () => {
  it('refuses a file over 2 MB before any upload, saying the limit and its size', async () => {
    const api = openAuction(auctionRoutes(auctionInfo({ status: 'pricing', nextStepBlocker: 'pricingNotProcessed' })));
    await title();
    const input = await screen.findByTestId('pricing-file-input');
    const big = new File([new Uint8Array(20 * 1024 * 1024 + 300_000)], 'precos.csv', { type: 'text/csv' });
    await userEvent.setup({ delay: null }).upload(input as HTMLInputElement, big);
    expect(await screen.findByTestId('pricing-file-input-refused')).toHaveTextContent(fill(A.pricing.tooLarge, { size: '20,3 MB', max: '2 MB' }));
    expect(api.called('POST', '/storage/upload_initialize')).toHaveLength(0);
    expect(api.called('POST', '/auction/add_file')).toHaveLength(0);
  });
});

describe('the result of each share', () => {
  it('lists each share with its administrator, credit, minimum and the price it got, by page, the contract opening the share', async () => {
    const rows = [result({}), result({ shareId: 's-2', contractNumber: 'ACM-0000002', price: null, state: 'payment_done' })];
    const api = openAuction(
      auctionRoutes(auctionInfo({ status: 'processing', nextStatus: 'live', nextStepBlocker: null, latestPricing: 'processed' }), {
        'GET /auction/share_results': { status: 200, data: { data: rows, total: 45, page: 1, limit: 20 } },
      }),
    );
    await title();
    const table = await screen.findByTestId('auction-results');
    await waitFor(() => expect(within(table).getByText('ACM-0000001')).toBeInTheDocument());
    expect(api.called('GET', '/auction/share_results')[0].params).toMatchObject({ auctionId: expect.any(String), page: 1, limit: 20 });
    const lines = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(lines).toEqual([
      ['ACM-0000001', 'Acme Consórcios', 'R$\u00a0100.000,00', 'R$\u00a070.000,00', 'R$\u00a072.500,50', L.shareState.available],
      ['ACM-0000002', 'Acme Consórcios', 'R$\u00a0100.000,00', 'R$\u00a070.000,00', A.results.notPriced, L.shareState.payment_done],
    ]);
    expect(within(table).getByRole('link', { name: 'ACM-0000001' })).toHaveAttribute('href', '/cotas/ACM-0000001');
    // 45 shares: three pages of 20.
    await userEvent.setup({ delay: null }).click(within(screen.getByTestId('auction-results-card')).getByTitle('2'));
    await waitFor(() => expect(api.called('GET', '/auction/share_results').at(-1)!.params).toMatchObject({ page: 2, limit: 20 }));
  });

  it('is not shown to a fund, nor the pricing runs: the pricing step says it is the seller’s', async () => {
    const api = openAuction(
      auctionRoutes(auctionInfo({ status: 'pricing', nextStatus: 'processing', nextStepBlocker: null, latestPricing: 'processed' }), {
        'GET /auction/share_results': { status: 403, data: { message: 'Permission denied' } },
        'GET /auction/pricing_list': { status: 403, data: { message: 'Permission denied' } },
      }),
      'fund',
    );
    await title();
    expect(await screen.findByTestId('pricing-seller-only')).toHaveTextContent(A.pricing.sellerOnly);
    expect(screen.queryByTestId('pricing-runs')).toBeNull();
    expect(screen.queryByTestId('auction-results-card')).toBeNull();
    expect(api.called('GET', '/auction/pricing_list')).toHaveLength(0);
    expect(api.called('GET', '/auction/share_results')).toHaveLength(0);
  });
});

describe('a direct sale', () => {
  it('is "Criada" or "Cancelada", and unnamed reads the same as in the list', async () => {
    openAuction(auctionRoutes(auctionInfo({ isAuction: false, name: null, status: 'canceled', cancelable: false, nextStatus: null })));
    await title(L.auctionList.unnamed_directSale);
    expect(screen.getByTestId('auction-status')).toHaveTextContent(L.auctionStatus.canceled_directSale);
    expect(L.auctionStatus.canceled_directSale).toBe('Cancelada');
    expect(L.auctionStatus.created_directSale).toBe('Criada');
  });
});

describe('the window', () => {
  it('keeps an end typed before the start and refuses it on the field, never swapping or replacing it', async () => {
    const saved = { name: 'Leilão de novembro', startsAt: '2030-01-10T12:00:00.000Z', endsAt: '2030-01-20T21:00:00.000Z', contractNumbers: ['ACM-1'], fundIds: [7], playerIds: [], minimumPrice: { kind: 'percent_of_credit' as const, value: 70 } };
    const api = openAuction(auctionRoutes(auctionInfo({ config: saved })));
    const user = userEvent.setup({ delay: null });
    await title();
    const end = screen.getByPlaceholderText(A.config.windowEnd) as HTMLInputElement;
    const before = end.value;
    await user.click(end);
    await user.keyboard('{Control>}a{/Control}');
    // The start stays 10/01/2030; the end typed is the 5th.
    await user.keyboard(before.replace('20/01/2030', '05/01/2030'));
    await user.tab();
    await waitFor(() => expect(fieldOf(A.config.window)).toHaveTextContent(A.configErrors.endBeforeStartTyped.split(' (')[0]));
    expect((screen.getByPlaceholderText(A.config.windowStart) as HTMLInputElement).value).toContain('10/01/2030');
    expect(end.value).toContain('05/01/2030');
    await user.click(screen.getByRole('button', { name: A.config.save }));
    await waitFor(() => expect(fieldOf(A.config.window)).toHaveTextContent(A.configErrors.endBeforeStartTyped.split(' (')[0]));
    expect(api.called('POST', '/auction/save_config')).toHaveLength(0);
  });

  it('refuses a negative percentage on its field instead of clamping it', async () => {
    const saved = { name: 'Leilão de novembro', startsAt: '2030-01-10T12:00:00.000Z', endsAt: '2030-01-20T21:00:00.000Z', contractNumbers: ['ACM-1'], fundIds: [7], playerIds: [], minimumPrice: { kind: 'percent_of_credit' as const, value: 70 } };
    const api = openAuction(auctionRoutes(auctionInfo({ config: saved })));
    const user = userEvent.setup({ delay: null });
    await title();
    const input = screen.getByLabelText(A.config.minimumValue) as HTMLInputElement;
    await user.clear(input);
    await user.type(input, '-5');
    await user.tab();
    expect(input.value).toBe('-5,00');
    await user.click(screen.getByRole('button', { name: A.config.save }));
    await waitFor(() => expect(fieldOf(A.config.minimumValue)).toHaveTextContent(A.configErrors.percentRange));
    expect(api.called('POST', '/auction/save_config')).toHaveLength(0);
  });
});
