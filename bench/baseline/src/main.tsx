/**
 * The baseline of the bundle and browser benchmarks (bench/bundle.ts, bench/browser.ts): a minimal
 * Refine + antd app with one list, written as Refine's documentation shows — AuthPage at `/`, a
 * ThemedLayout, and a list page with @refinedev/antd's useTable and an antd Table with a state
 * filter — built from the app's own package versions.
 */
import '@refinedev/antd/dist/reset.css';
import { AuthPage, List, ThemedLayout, useNotificationProvider, useTable } from '@refinedev/antd';
import { Authenticated, Refine } from '@refinedev/core';
import routerProvider, { NavigateToResource } from '@refinedev/react-router';
import { App as AntdApp, ConfigProvider, Select, Table } from 'antd';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Outlet, Route, Routes } from 'react-router';
import { authProvider, dataProvider } from './providers';

interface Share {
  id: string;
  contractNumber: string;
  ownerName: string;
  state: string;
}

const STATES = ['available', 'sent_to_autoservice', 'accepted_by_client', 'received_from_client', 'approved_by_adm', 'payment_done', 'with_pendency'];

const ShareList = () => {
  const { tableProps, setFilters } = useTable<Share>({ syncWithLocation: true, pagination: { pageSize: 20 } });
  return (
    <List>
      <Select
        aria-label="State"
        placeholder="State"
        allowClear
        mode="multiple"
        style={{ minWidth: 260, marginBottom: 16 }}
        options={STATES.map((s) => ({ value: s, label: s }))}
        onChange={(v: string[]) => setFilters([{ field: 'state', operator: 'in', value: v.length ? v : undefined }])}
      />
      <Table {...tableProps} rowKey="id">
        <Table.Column dataIndex="contractNumber" title="Contract" />
        <Table.Column dataIndex="ownerName" title="Owner" />
        <Table.Column dataIndex="state" title="State" />
      </Table>
    </List>
  );
};

const App = () => (
  <BrowserRouter>
    <ConfigProvider>
      <AntdApp>
        <Refine
          dataProvider={dataProvider}
          authProvider={authProvider}
          routerProvider={routerProvider}
          notificationProvider={useNotificationProvider}
          resources={[{ name: 'shares', list: '/listagem' }]}
          options={{ syncWithLocation: true, disableTelemetry: true }}
        >
          <Routes>
            <Route
              path="/"
              element={
                <Authenticated key="login" fallback={<AuthPage type="login" registerLink={false} forgotPasswordLink={false} />}>
                  <NavigateToResource resource="shares" />
                </Authenticated>
              }
            />
            <Route
              element={
                <Authenticated key="app" redirectOnFail="/">
                  <ThemedLayout>
                    <Outlet />
                  </ThemedLayout>
                </Authenticated>
              }
            >
              <Route path="/listagem" element={<ShareList />} />
            </Route>
          </Routes>
        </Refine>
      </AntdApp>
    </ConfigProvider>
  </BrowserRouter>
);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
