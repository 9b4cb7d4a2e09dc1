/** Opens the auction page over a fake API, and the queries the auction page tests share. */
import { render, screen } from '@testing-library/react';
import { createDataProvider } from '../../src/providers/dataProvider';
import { AppRoutes } from '../../src/routes';
import { A, AUCTION_ID } from './auctionsApi';
import { signIn, type FakeReply } from './helpers';
import { TestWrapper } from './TestWrapper';
import { fakeApi, type Route } from './workspaceApi';

type Profile = 'operator' | 'adm' | 'fund';

export const openAuction = (routes: Record<string, FakeReply | Route>, profile: Profile = 'adm') => {
  signIn(profile);
  const api = fakeApi(routes);
  render(
    <AppRoutes />,
    { wrapper: TestWrapper({ routerInitialEntries: [`/leiloes/${AUCTION_ID}`], dataProvider: createDataProvider(api.client) }) },
  );
  return api;
};

// The first render of a lazy page is slow on a busy machine.
export const title = (name = 'Leilão de novembro') => screen.findByRole('heading', { level: 1, name }, { timeout: 20_000 });
export const button = (name: string) => screen.queryByRole('button', { name: new RegExp(name) });
export const nextLabel = (step: keyof typeof A.steps) => A.actions.next.replace('{{step}}', A.steps[step]);
export const fieldOf = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;
