/**
 * The brand screens (Administradoras): label id checked live with Portuguese messages per problem, the
 * contrast warning for a light primary (a warning, saving still works), the live preview in the
 * form's colours, the edit sending only what changed, a server field error on a nested field.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { primaryContrastWarning } from '../../src/domain/management';
import { accessibleOnWhite, parseHex } from '../../src/domain/contrast';
import { BRANDS, M, location, openManagement, ptBR } from './managementApi';

vi.setConfig({ testTimeout: 120_000 });
beforeAll(() => Promise.all([import('../../src/pages/management/CrudFormPage'), import('../../src/pages/management/ShowPage'), import('../../src/resources/forms/administrators')]), 60_000);

const A = M.administrators;
const user = () => userEvent.setup({ delay: null });

const brand = (over: Record<string, unknown> = {}) => ({
  ...BRANDS[0],
  favicon: null,
  allowMultiprices: false,
  displayDocumentsInBackoffice: true,
  admAllowMultiprices: false,
  ...over,
});

const itemOf = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;

describe('the brand form', () => {
  it('checks the label id as it is typed, in Portuguese, one message per problem', async () => {
    openManagement('/administradoras/novo');
    const label = await screen.findByLabelText(A.labelId);
    const u = user();
    await u.type(label, 'demo-acme');
    expect(await within(itemOf(A.labelId)).findByText(M.validation.labelId.affix)).toBeInTheDocument();
    await u.clear(label);
    await u.type(label, 'backoffice');
    expect(await within(itemOf(A.labelId)).findByText(M.validation.labelId.reserved)).toBeInTheDocument();
    await u.clear(label);
    // Capitals are lowered as typed; the underscore is what is wrong.
    await u.type(label, 'Acme_1');
    expect(label).toHaveValue('acme_1');
    expect(await within(itemOf(A.labelId)).findByText(M.validation.labelId.shape)).toBeInTheDocument();
    await u.clear(label);
    await u.type(label, 'acme-sul');
    await waitFor(() => expect(within(itemOf(A.labelId)).queryByRole('alert')).toBeNull());
  });

  it('warns, without blocking, when white text on the primary colour fails AA, and previews the colours', async () => {
    const api = openManagement('/administradoras/novo', {
      'POST /administrator/create': { status: 200, data: brand({ admId: 9, name: 'Sol Consórcios', labelId: 'sol' }) },
      'GET /administrator/get': { status: 200, data: brand({ admId: 9, name: 'Sol Consórcios', labelId: 'sol' }) },
    });
    const u = user();
    await u.type(await screen.findByLabelText(A.name), 'Sol Consórcios');
    await u.type(screen.getByLabelText(A.cnpj), '11222333000181');
    expect(screen.getByLabelText(A.cnpj)).toHaveValue('11.222.333/0001-81');
    await u.type(screen.getByLabelText(A.labelId), 'sol');
    // The default primary reads well: no warning.
    expect(screen.queryByText(/^Contraste de/)).toBeNull();
    const primary = screen.getByLabelText(A.primary);
    await u.clear(primary);
    await u.type(primary, '#ffd700');
    const ratio = primaryContrastWarning('#FFD700')!;
    const warning = await screen.findByText(new RegExp(`^Contraste de ${new Intl.NumberFormat('pt-BR').format(ratio)}:1`));
    expect(warning).toBeInTheDocument();
    // It names the darker shade the app will paint instead, and the preview shows that shade (issue 14).
    const accessible = accessibleOnWhite('#FFD700');
    expect(warning).toHaveTextContent(accessible);
    const [r, g, b] = parseHex(accessible)!;
    expect(screen.getByTestId('preview-button')).toHaveStyle({ backgroundColor: `rgb(${r}, ${g}, ${b})` });
    expect(within(screen.getByTestId('preview-login')).getByText('Sol Consórcios')).toBeInTheDocument();
    expect(within(screen.getByTestId('preview-menu')).getByText('Sol Consórcios')).toHaveStyle({ color: `rgb(${r}, ${g}, ${b})` });

    await u.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.called('POST', '/administrator/create')).toHaveLength(1));
    expect(api.called('POST', '/administrator/create')[0].body).toEqual({
      name: 'Sol Consórcios',
      cnpj: '11.222.333/0001-81',
      labelId: 'sol',
      colors: { primary: '#FFD700', secondary: '#1B3F8F' },
      allowMultiprices: false,
      displayDocumentsInBackoffice: false,
      admAllowMultiprices: false,
    });
    await waitFor(() => expect(location()).toBe('/administradoras/9'));
  });

  it('accepts an alphanumeric CNPJ and refuses a wrong one in Portuguese', async () => {
    openManagement('/administradoras/novo');
    const cnpj = await screen.findByLabelText(A.cnpj);
    const u = user();
    await u.type(cnpj, '12ABC34501DE35');
    expect(cnpj).toHaveValue('12.ABC.345/01DE-35');
    await u.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(within(itemOf(A.cnpj)).queryByText(ptBR.validation.cnpj)).toBeNull());
    await u.clear(cnpj);
    await u.type(cnpj, '11222333000182');
    expect(await within(itemOf(A.cnpj)).findByText(ptBR.validation.cnpj)).toBeInTheDocument();
  });

  it('edits a brand sending only what changed (both colours when one changes), and shows a server error on its nested field', async () => {
    let reply: { status: number; data: unknown } = { status: 400, data: { message: 'Invalid colors.secondary', errors: { 'colors.secondary': 'Invalid colour' } } };
    const api = openManagement('/administradoras/1/editar', {
      'GET /administrator/get': { status: 200, data: brand() },
      'POST /administrator/update': () => reply,
    });
    const secondary = await screen.findByLabelText(A.secondary);
    expect(screen.getByLabelText(A.name)).toHaveValue('Acme Consórcios');
    const u = user();
    await u.clear(secondary);
    await u.type(secondary, '#102030');
    await u.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.called('POST', '/administrator/update')).toHaveLength(1));
    expect(api.called('POST', '/administrator/update')[0].body).toEqual({ admId: 1, colors: { primary: '#2863D0', secondary: '#102030' } });
    expect(await within(itemOf(A.secondary)).findByText(M.validation.color)).toBeInTheDocument();
    expect(secondary).toHaveValue('#102030');
    reply = { status: 200, data: brand({ colors: { primary: '#2863D0', secondary: '#102030' } }) };
    await u.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(location()).toBe('/administradoras/1'));
  });

  it('is an operator’s screen only', async () => {
    openManagement('/administradoras/novo', {}, 'adm');
    expect(await screen.findByText(ptBR.forbiddenPage.title)).toBeInTheDocument();
    expect(screen.queryByLabelText(A.labelId)).toBeNull();
  });
});
