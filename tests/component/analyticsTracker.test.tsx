/**
 * The analytics tracker inside <Refine> and the router: who the user is, which administrator, which
 * page; with a recording stand-in for the library (the real one is exercised in tests/e2e/analytics).
 */
import { useLogout } from '@refinedev/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AnalyticsTracker, PAGE_ROUTES } from '../../src/components/AnalyticsTracker';
import { pageViewOf } from '../../src/domain';
import { DISABLED_ANALYTICS, createAnalytics } from '../../src/providers/analytics';
import { type AnalyticsCall, recordingClient } from '../unit/analyticsRecording';
import { brandFromConfig } from '../../src/providers/whiteLabel';
import { TestWrapper } from './TestWrapper';
import { AppRoutes } from '../../src/routes';
import { ptBR } from '../../src/i18n/pt-BR';
import { signIn } from './helpers';

const recording = () => {
  const { calls, client } = recordingClient();
  return { calls, analytics: createAnalytics({ token: 't' }), load: async () => client };
};

const acme = brandFromConfig({
  admId: 1,
  labelId: 'acme',
  cnpj: '38.407.490/0001-18',
  admIdByCnpj: '38407490000118',
  configs: { allowMultiprices: false, displayDocumentsInBackoffice: false },
  favicon: null,
  name: 'Acme Consórcios',
  colors: {},
});

const Controls = () => {
  const navigate = useNavigate();
  const { mutate: logout } = useLogout();
  return (
    <>
      <button onClick={() => navigate('/pendencias?filters=%5B%2252998224725%22%5D')}>pendências</button>
      <button onClick={() => logout()}>sair</button>
    </>
  );
};

const pageViews = (calls: AnalyticsCall[]) => calls.filter((c) => c[0] === 'track' && c[1] === 'page_view').map((c) => c[2]);

afterEach(() => localStorage.clear());

describe('AnalyticsTracker', () => {
  it('identifies the signed-in user, groups by the brand administrator and names pages by route', async () => {
    signIn('adm');
    const { calls, analytics, load } = recording();
    render(
      <>
        <AnalyticsTracker analytics={analytics} load={load} />
        <Controls />
      </>,
      { wrapper: TestWrapper({ routerInitialEntries: ['/cotas/ABC-123'], brand: acme }) },
    );

    await waitFor(() => expect(pageViews(calls)).toEqual([{ route: '/cotas/:contractNumber', page: 'share_workspace' }]));
    expect(calls).toContainEqual(['identify', { id: 'user-adm', name: 'Ana Administradora', email: 'adm@repasse.dev', profile: 'adm' }]);
    expect(calls).toContainEqual(['setGroup', { key: 'admId', id: '1', name: 'Acme Consórcios' }]);
    // Who the user is comes before the page they see.
    expect(calls.findIndex((c) => c[0] === 'identify')).toBeLessThan(calls.findIndex((c) => c[1] === 'page_view'));

    await userEvent.click(screen.getByRole('button', { name: 'pendências' }));
    await waitFor(() => expect(pageViews(calls)).toHaveLength(2));
    expect(pageViews(calls)[1]).toEqual({ route: '/pendencias', page: 'pendencies' });
    expect(JSON.stringify(calls)).not.toContain('52998224725');
    expect(JSON.stringify(calls)).not.toContain('ABC-123');
  });

  it('a logout is tracked as the user, then the next visitor gets a new anonymous identity', async () => {
    signIn('operator');
    const { calls, analytics, load } = recording();
    render(
      <>
        <AnalyticsTracker analytics={analytics} load={load} />
        <Controls />
      </>,
      { wrapper: TestWrapper({ routerInitialEntries: ['/listagem'] }) },
    );
    await waitFor(() => expect(calls.some((c) => c[0] === 'identify')).toBe(true));
    // The default brand has no administrator: no group.
    expect(calls.some((c) => c[0] === 'setGroup')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'sair' }));
    await waitFor(() => expect(calls.some((c) => c[0] === 'reset')).toBe(true));
    const logout = calls.findIndex((c) => c[0] === 'track' && c[1] === 'logout');
    expect(logout).toBeGreaterThan(-1);
    expect(logout).toBeLessThan(calls.findIndex((c) => c[0] === 'reset'));
  });

  it('an anonymous visitor gets page views only', async () => {
    const { calls, analytics, load } = recording();
    render(<AnalyticsTracker analytics={analytics} load={load} />, { wrapper: TestWrapper({ routerInitialEntries: ['/'], brand: acme }) });
    await waitFor(() => expect(pageViews(calls)).toEqual([{ route: '/', page: 'login' }]));
    // The identity settled before the page view was sent: no one to identify, no group.
    expect(calls.map((c) => c[0])).toEqual(['track']);
  });

  it('renders nothing and loads nothing when analytics are off', async () => {
    signIn('adm');
    let loads = 0;
    render(
      <AnalyticsTracker
        analytics={DISABLED_ANALYTICS}
        load={async () => {
          loads += 1;
          throw new Error('must not load');
        }}
      />,
      { wrapper: TestWrapper({ routerInitialEntries: ['/listagem'] }) },
    );
    // render() flushes effects: a tracker would have started loading by now.
    expect(loads).toBe(0);
  });

  it('names the record pages of every resource that has them by pattern, never by id', () => {
    const cases: [string, string, string][] = [
      ['/usuarios/novo', '/usuarios/novo', 'users.create'],
      ['/usuarios/u-9', '/usuarios/:id', 'users.show'],
      ['/usuarios/u-9/editar', '/usuarios/:id/editar', 'users.edit'],
      ['/administradoras/novo', '/administradoras/novo', 'administrators.create'],
      ['/administradoras/3', '/administradoras/:id', 'administrators.show'],
      ['/administradoras/3/editar', '/administradoras/:id/editar', 'administrators.edit'],
      ['/fundos/novo', '/fundos/novo', 'funds.create'],
      ['/fundos/7', '/fundos/:id', 'funds.show'],
      ['/fundos/7/editar', '/fundos/:id/editar', 'funds.edit'],
      ['/players/novo', '/players/novo', 'players.create'],
      ['/players/12', '/players/:id', 'players.show'],
      ['/players/12/editar', '/players/:id/editar', 'players.edit'],
      // Ids without a digit are ids all the same, and a list under a resource stays the list.
      ['/usuarios/carla', '/usuarios/:id', 'users.show'],
      ['/players/arquivos', '/players/arquivos', 'playerFiles'],
      ['/usuarios', '/usuarios', 'users'],
      // An auction and the account screens are pages of their own (issue 14's scan visits each).
      ['/leiloes/6d0c3e49-935e-4f3f-b9a6-af319442460d', '/leiloes/:auctionId', 'auction'],
      ['/esqueci-senha', '/esqueci-senha', 'forgot_password'],
      ['/primeiro-acesso', '/primeiro-acesso', 'first_access'],
      ['/senha-expirada', '/senha-expirada', 'expired_password'],
    ];
    for (const [path, route, page] of cases) expect(pageViewOf(path, PAGE_ROUTES), path).toEqual({ route, page });
  });

  it('a record page opened is viewed as its pattern', async () => {
    signIn('operator');
    const { calls, analytics, load } = recording();
    render(<AnalyticsTracker analytics={analytics} load={load} />, { wrapper: TestWrapper({ routerInitialEntries: ['/usuarios/carla-souza/editar'] }) });
    await waitFor(() => expect(pageViews(calls)).toEqual([{ route: '/usuarios/:id/editar', page: 'users.edit' }]));
    expect(JSON.stringify(calls)).not.toContain('carla-souza');
  });

  it('a signed-in reload of an unknown path is a page view, as the app renders it (issue 13)', async () => {
    signIn('operator');
    const { calls, analytics, load } = recording();
    render(
      <>
        <AnalyticsTracker analytics={analytics} load={load} />
        <AppRoutes />
      </>,
      { wrapper: TestWrapper({ routerInitialEntries: ['/relatorio-antigo'] }) },
    );
    expect(await screen.findByText(ptBR.notFoundPage.title)).toBeInTheDocument();
    await waitFor(() => expect(pageViews(calls)).toEqual([{ route: '/relatorio-antigo', page: 'relatorio-antigo' }]));
  });
});
