/**
 * Like Refine's own packages/antd tests: a <Refine> with a MemoryRouter around the component under
 * test. Providers default to the app's real ones; pass a dataProvider (or an axios-backed one) to
 * control what the lists receive.
 */
import { Refine, type AccessControlProvider, type AuthProvider, type DataProvider, type LiveProvider, type NotificationProvider, type ResourceProps } from '@refinedev/core';
import { routerProvider } from '../../src/providers/routerProvider';
import { App as AntdApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { createAccessControlProvider } from '../../src/providers/accessControlProvider';
import { createAuthProvider } from '../../src/providers/authProvider';
import { BrandContext } from '../../src/providers/BrandContext';
import { i18nProvider } from '../../src/providers/i18nProvider';
import { useNotificationProvider } from '../../src/providers/notificationProvider';
import { DEFAULT_BRAND, type Brand } from '../../src/providers/whiteLabel';
import { refineResources } from '../../src/resources';
import { APP_LOCALE, MODAL_CONFIG, NOTIFICATION_CONFIG, REFINE_OPTIONS, brandTheme } from '../../src/shell';

export interface TestWrapperProps {
  dataProvider?: DataProvider;
  authProvider?: AuthProvider;
  accessControlProvider?: AccessControlProvider;
  notificationProvider?: NotificationProvider | (() => NotificationProvider);
  resources?: ResourceProps[];
  /** Live updates (issue 18): absent, nothing is heard, as without a server. */
  liveProvider?: LiveProvider;
  routerInitialEntries?: string[];
  brand?: Brand;
}

/** A dataProvider whose lists are empty unless a test says otherwise; its other calls fail as offline. */
export const mockDataProvider = (overrides: Partial<DataProvider> = {}): DataProvider =>
  ({
    getApiUrl: () => '/api',
    getList: vi.fn(async () => ({ data: [], total: 0 })),
    getOne: vi.fn(async () => ({ data: {} })),
    create: vi.fn(),
    update: vi.fn(),
    deleteOne: vi.fn(),
    // Calls outside the lists (src/hooks/useApi.ts) find no server, as a test without a fake API would.
    custom: vi.fn(async () => {
      throw { message: 'Network Error', statusCode: 0 };
    }),
    ...overrides,
  }) as DataProvider;

/** Shows the router's location, as written (not decoded), so tests read what syncWithLocation wrote. */
export const LocationProbe = () => {
  const { pathname, search, hash } = useLocation();
  return (
    <output data-testid="location" hidden>
      {`${pathname}${search}${hash}`}
    </output>
  );
};

export const TestWrapper =
  ({
    dataProvider = mockDataProvider(),
    authProvider = createAuthProvider(),
    accessControlProvider = createAccessControlProvider(),
    notificationProvider = useNotificationProvider,
    resources = refineResources(),
    liveProvider,
    routerInitialEntries = ['/'],
    brand = DEFAULT_BRAND,
  }: TestWrapperProps = {}) =>
  ({ children }: { children: ReactNode }) => (
    <BrandContext.Provider value={brand}>
      <ConfigProvider locale={APP_LOCALE} theme={brandTheme(brand)} modal={MODAL_CONFIG}>
        <AntdApp notification={NOTIFICATION_CONFIG}>
          <MemoryRouter initialEntries={routerInitialEntries}>
            <Refine
              dataProvider={dataProvider}
              authProvider={authProvider}
              accessControlProvider={accessControlProvider}
              notificationProvider={notificationProvider}
              liveProvider={liveProvider}
              i18nProvider={i18nProvider}
              routerProvider={routerProvider}
              resources={resources}
              options={REFINE_OPTIONS}
            >
              {children}
              <LocationProbe />
            </Refine>
          </MemoryRouter>
        </AntdApp>
      </ConfigProvider>
    </BrandContext.Provider>
  );
