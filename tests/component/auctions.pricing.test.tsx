import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { A, AUCTION_ID, auctionInfo, auctionRoutes, pricingRun, preloadAuctionChunks } from './auctionsApi';
import { button, nextLabel, openAuction, title } from './auctionsPage';

// Polls every few milliseconds here: the test waits for the answers, never for the clock.
vi.mock('../../src/pages/auctions/polling', () => ({ PRICING_POLL_MS: 20 }));
// Workers are reused across files (vitest.config.ts): the next file gets the real interval again.
afterAll(() => vi.doUnmock('../../src/pages/auctions/polling'));
vi.setConfig({ testTimeout: 90_000 });
const fill = (text: string, vars: Record<string, string>) => Object.entries(vars).reduce((s, [k, v]) => s.replace(`{{${k}}}`, v), text);
beforeAll(preloadAuctionChunks, 60_000);


describe('auction wizard: pricing', () => {
  it('lists the runs with their status and the latest one\'s row errors: line, problem in Portuguese, value read', async () => {
    const run = pricingRun({
      status: 'validation_error',
      rows: 3,
      rowErrors: [
        { row: 3, code: 'priceInvalid', value: 'abc', contract: 'ACM-0000001' },
        { row: 4, code: 'contractNotInAuction', value: 'XYZ-9', contract: 'XYZ-9' },
        // The minimum this share had to reach, computed by the server, in reais (issue 13).
        { row: 5, code: 'priceBelowMinimum', value: '500,00', contract: 'ACM-0000002', minimum: 10500.5 },
        // A run checked before the server sent contracts and minimums: the rule, and a dash.
        { row: 6, code: 'priceBelowMinimum', value: '1,00' },
      ],
    });
    const config = { minimumPrice: { kind: 'percent_of_credit' as const, value: 70 } };
    openAuction(auctionRoutes(auctionInfo({ status: 'pricing', nextStepBlocker: 'pricingNotProcessed', latestPricing: 'validation_error', config }), { 'GET /auction/pricing_list': { status: 200, data: { data: [run] } } }));
    const runs = await screen.findByTestId('pricing-runs');
    const row = (await within(runs).findByText('precos.csv')).closest('tr')!;
    expect(within(row).getByText(A.pricingStatus.validation_error)).toHaveClass('ant-tag');
    expect(within(row).getByText('4 erros')).toBeInTheDocument();
    const errors = screen.getByTestId('pricing-errors');
    expect(within(errors).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([A.pricing.row, A.pricing.contract, A.pricing.error, A.pricing.value]);
    const lines = within(errors).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(lines).toEqual([
      ['3', 'ACM-0000001', A.rowErrors.priceInvalid, 'abc'],
      ['4', 'XYZ-9', A.rowErrors.contractNotInAuction, 'XYZ-9'],
      ['5', 'ACM-0000002', fill(A.rowErrors.priceBelowMinimumOf, { minimum: 'R$\u00a010.500,50' }), '500,00'],
      ['6', '—', fill(A.rowErrors.priceBelowMinimumOf, { minimum: `70${A.config.percentSuffix}` }), '1,00'],
    ]);
  });

  it('sends a spreadsheet through the storage flow, then add_file; polls while the run works and stops once processed', async () => {
    let info = auctionInfo({ status: 'pricing', nextStatus: 'processing', nextStepBlocker: 'pricingNotProcessed', latestPricing: null });
    const answers = ['in_validation', 'validation_ok', 'in_processing', 'processed'] as const;
    let polls = 0;
    let runs: ReturnType<typeof pricingRun>[] = [];
    const api = openAuction(
      auctionRoutes(info, {
        'GET /auction/info': () => ({ status: 200, data: info }),
        'GET /auction/pricing_list': () => {
          if (runs.length) {
            const status = answers[Math.min(polls++, answers.length - 1)];
            runs = [pricingRun({ status, pricedRows: status === 'processed' ? 2 : 0 })];
            info = { ...info, latestPricing: status, nextStepBlocker: status === 'processed' ? null : 'pricingNotProcessed' };
          }
          return { status: 200, data: { data: runs } };
        },
        'POST /storage/upload_initialize': { status: 200, data: { fileId: 'f-1', fileKey: 'acme/f-1', partSize: 5_242_880, expiresAt: '2030-01-01T00:00:00.000Z', parts: [{ partNumber: 1, url: 'https://storage.test/part/1' }] } },
        'PUT https://storage.test/part/1': { status: 200, data: { etag: '"etag-1"' } },
        'POST /storage/upload_finalize': { status: 200, data: { fileId: 'f-1', fileName: 'precos.csv', filePath: 'acme/f-1', size: 30, contentType: 'text/csv', documentType: null, uploadedAt: '2026-11-20T11:00:00.000Z' } },
        'POST /auction/add_file': () => {
          runs = [pricingRun({ status: 'in_validation' })];
          info = { ...info, latestPricing: 'in_validation' };
          return { status: 200, data: { data: [], pricing: runs[0] } };
        },
      }),
    );
    await title();
    const input = await screen.findByTestId('pricing-file-input');
    await userEvent.setup({ delay: null }).upload(input as HTMLInputElement, new File(['contrato;valor\nACM-1;1000,00\n'], 'precos.csv', { type: 'text/csv' }));
    await waitFor(() => expect(api.called('POST', '/auction/add_file')).toHaveLength(1));
    expect(api.called('POST', '/auction/add_file')[0].body).toEqual({ auctionId: AUCTION_ID, files: ['f-1'], fileType: 'PRICING_SPREADSHEET' });
    expect(api.called('POST', '/storage/upload_initialize')[0].body).toMatchObject({ admSlug: 'adm-1', fileName: 'precos.csv' });

    const runsTable = screen.getByTestId('pricing-runs');
    await waitFor(() => expect(within(runsTable).getByText(A.pricingStatus.processed)).toBeInTheDocument(), { timeout: 15_000 });
    // Processed: the gate opens by itself.
    await waitFor(() => expect(screen.getByRole('button', { name: new RegExp(nextLabel('processing')) })).toBeEnabled());
    const seen = api.called('GET', '/auction/pricing_list').length;
    // Ten poll intervals later, nobody asked again.
    await new Promise((r) => setTimeout(r, 200));
    expect(api.called('GET', '/auction/pricing_list')).toHaveLength(seen);
  });

  it('removes a spreadsheet while pricing only after the confirmation', async () => {
    const run = pricingRun({ status: 'validation_error', rowErrors: [{ row: 2, code: 'priceMissing' }] });
    const api = openAuction(
      auctionRoutes(auctionInfo({ status: 'pricing', nextStepBlocker: 'pricingNotProcessed', latestPricing: 'validation_error' }), {
        'GET /auction/pricing_list': { status: 200, data: { data: [run] } },
        'POST /auction/remove_file': { status: 200, data: { fileId: 'f-1', fileType: 'PRICING_SPREADSHEET' } },
      }),
    );
    const user = userEvent.setup({ delay: null });
    const runs = await screen.findByTestId('pricing-runs');
    await user.click(await within(runs).findByRole('button', { name: A.pricing.remove.replace('{{name}}', 'precos.csv') }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: A.pricing.removeKeep }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.called('POST', '/auction/remove_file')).toHaveLength(0);
    await user.click(within(runs).getByRole('button', { name: A.pricing.remove.replace('{{name}}', 'precos.csv') }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: A.pricing.removeConfirm }));
    await waitFor(() => expect(api.called('POST', '/auction/remove_file')).toHaveLength(1));
    expect(api.called('POST', '/auction/remove_file')[0].body).toEqual({ auctionId: AUCTION_ID, fileId: 'f-1', fileType: 'PRICING_SPREADSHEET' });
  });

  it('refuses a file that is not CSV or XLSX before sending anything', async () => {
    const api = openAuction(auctionRoutes(auctionInfo({ status: 'pricing', nextStepBlocker: 'pricingNotProcessed' })));
    await title();
    const input = await screen.findByTestId('pricing-file-input');
    await userEvent.setup({ delay: null, applyAccept: false }).upload(input as HTMLInputElement, new File(['%PDF'], 'precos.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(A.pricing.wrongType)).toBeInTheDocument();
    expect(api.called('POST', '/storage/upload_initialize')).toHaveLength(0);
  });
});

describe('auction wizard: a run whose background job gave up', () => {
  const failedAt = '2026-11-20T11:10:00.000Z';

  it('says why in Portuguese, how many attempts were made, and re-queues the run with pricing_retry', async () => {
    let runs = [pricingRun({ status: 'failed', failure: { attempts: 6, reason: 'storage', failedAt } })];
    let info = auctionInfo({ status: 'pricing', nextStepBlocker: 'pricingNotProcessed', latestPricing: 'failed' });
    const api = openAuction(
      auctionRoutes(info, {
        'GET /auction/info': () => ({ status: 200, data: info }),
        'GET /auction/pricing_list': () => ({ status: 200, data: { data: runs } }),
        'POST /auction/pricing_retry': () => {
          runs = [pricingRun({ status: 'processed', pricedRows: 2 })];
          info = { ...info, latestPricing: 'processed', nextStepBlocker: null };
          return { status: 200, data: { pricing: pricingRun({ status: 'in_validation' }) } };
        },
      }),
    );
    const alert = await screen.findByTestId('pricing-failed');
    expect(alert).toHaveTextContent(
      'Não foi possível processar a planilha precos.csv após 6 tentativas: o armazenamento de arquivos não respondeu. Envie o arquivo de novo ou tente processar novamente.',
    );
    const row = (await within(screen.getByTestId('pricing-runs')).findByText('precos.csv')).closest('tr')!;
    expect(within(row).getByText(A.pricingStatus.failed)).toHaveClass('ant-tag');
    // Not running: a new spreadsheet may be sent, and the failed one removed.
    expect(screen.getByTestId('pricing-file-input')).toBeEnabled();

    await userEvent.click(within(alert).getByRole('button', { name: A.pricing.retry }));
    await waitFor(() => expect(api.called('POST', '/auction/pricing_retry')).toHaveLength(1));
    expect(api.called('POST', '/auction/pricing_retry')[0].body).toEqual({ auctionId: AUCTION_ID, pricingId: 'pr-1' });
    await waitFor(() => expect(screen.queryByTestId('pricing-failed')).toBeNull());
    expect(await within(screen.getByTestId('pricing-runs')).findByText(A.pricingStatus.processed)).toBeInTheDocument();
  });

  it('while retries remain, says which attempt failed and why, without the failure alert', async () => {
    const runs = [pricingRun({ status: 'in_validation', failure: { attempts: 2, reason: 'database', failedAt: null } })];
    openAuction(auctionRoutes(auctionInfo({ status: 'pricing', latestPricing: 'in_validation' }), { 'GET /auction/pricing_list': { status: 200, data: { data: runs } } }));
    expect(await screen.findByTestId('pricing-retrying')).toHaveTextContent('A 2ª tentativa de processar a planilha falhou (o banco de dados não respondeu). Uma nova tentativa será feita em instantes.');
    expect(screen.queryByTestId('pricing-failed')).toBeNull();
  });
});

describe('auction wizard: files and read-only users', () => {
  it('removes an additional file only after the confirmation', async () => {
    const file = { fileId: 'n-1', fileName: 'edital.pdf', fileType: 'AUCTION_NOTICE', size: 10, uploadedAt: '2026-11-20T11:00:00.000Z' };
    const api = openAuction(
      auctionRoutes(auctionInfo(), {
        'GET /auction/list_additional_files': { status: 200, data: { data: [file] } },
        'POST /auction/remove_file': { status: 200, data: { fileId: 'n-1', fileType: 'AUCTION_NOTICE' } },
      }),
    );
    const user = userEvent.setup({ delay: null });
    const files = await screen.findByTestId('auction-files');
    expect(await within(files).findByText('edital.pdf')).toBeInTheDocument();
    expect(within(files).getByText(A.files.types.AUCTION_NOTICE)).toBeInTheDocument();
    await user.click(within(files).getByRole('button', { name: A.files.remove.replace('{{name}}', 'edital.pdf') }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('edital.pdf');
    expect(api.called('POST', '/auction/remove_file')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: A.files.removeConfirm }));
    await waitFor(() => expect(api.called('POST', '/auction/remove_file')).toHaveLength(1));
    expect(api.called('POST', '/auction/remove_file')[0].body).toEqual({ auctionId: AUCTION_ID, fileId: 'n-1', fileType: 'AUCTION_NOTICE' });
  });

  it('shows a fund user the auction read-only: no moves, no form, no uploads', async () => {
    const config = { name: 'Leilão de novembro', contractNumbers: ['ACM-1'], fundIds: [7], playerIds: [], minimumPrice: { kind: 'fixed' as const, value: 1500 } };
    const api = openAuction(
      auctionRoutes(auctionInfo({ status: 'pricing', config, nextStepBlocker: 'pricingNotProcessed' }), {
        'GET /auction/list_additional_files': { status: 200, data: { data: [{ fileId: 'n-1', fileName: 'edital.pdf', fileType: 'AUCTION_NOTICE', size: 10, uploadedAt: '2026-11-20T11:00:00.000Z' }] } },
      }),
      'fund',
    );
    await title();
    expect(screen.getByText(A.page.readOnly)).toBeInTheDocument();
    expect(screen.queryByRole('toolbar', { name: A.actions.label })).toBeNull();
    expect(button(A.actions.cancel)).toBeNull();
    expect(screen.queryByTestId('pricing-file-input')).toBeNull();
    expect(await within(screen.getByTestId('auction-files')).findByText('edital.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remover/ })).toBeNull();
    expect(screen.queryByTestId('auction-file-input')).toBeNull();
    // The configuration step reads as a summary.
    await userEvent.setup({ delay: null }).click(within(screen.getByRole('navigation', { name: A.steps.label })).getByText(A.steps.created));
    expect(await screen.findByText('R$ 1.500,00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: A.config.save })).toBeNull();
    expect(api.called('GET', '/fund/list')).toHaveLength(0);
  });
});
