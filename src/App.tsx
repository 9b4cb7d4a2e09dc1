import { Refine } from '@refinedev/core';
import { routerProvider } from './providers/routerProvider';
import { App as AntdApp, ConfigProvider } from 'antd';
import ptBR from 'antd/es/locale/pt_BR';
import { useMemo } from 'react';
import { BrowserRouter } from 'react-router';
import { UnauthorizedRedirect } from './components/UnauthorizedRedirect';
import { accessControlProvider } from './providers/accessControlProvider';
import { authProvider } from './providers/authProvider';
import { BrandContext, useBrandLoader } from './providers/BrandContext';
import { dataProvider } from './providers/dataProvider';
import { http } from './providers/http';
import { i18nProvider } from './providers/i18nProvider';
import { useNotificationProvider } from './providers/notificationProvider';
import { refineResources } from './resources';
import { AppRoutes } from './routes';
import { NOTIFICATION_CONFIG, REFINE_OPTIONS, brandTheme } from './shell';

const resources = refineResources();

export const App = () => {
  const brand = useBrandLoader(http);
  const theme = useMemo(() => brandTheme(brand), [brand]);
  return (
    <BrandContext.Provider value={brand}>
      <ConfigProvider locale={ptBR} theme={theme}>
        <AntdApp notification={NOTIFICATION_CONFIG}>
          <BrowserRouter>
            <Refine
              dataProvider={dataProvider}
              authProvider={authProvider}
              accessControlProvider={accessControlProvider}
              notificationProvider={useNotificationProvider}
              i18nProvider={i18nProvider}
              routerProvider={routerProvider}
              resources={resources}
              options={REFINE_OPTIONS}
            >
              <UnauthorizedRedirect />
              <AppRoutes />
            </Refine>
          </BrowserRouter>
        </AntdApp>
      </ConfigProvider>
    </BrandContext.Provider>
  );
};

export default App;
