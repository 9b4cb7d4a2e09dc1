import { Layout } from 'antd';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { useBrand } from '../../providers/BrandContext';
import { PageLoading } from '../PageLoading';
import { SideMenu } from './SideMenu';
import { UserHeader } from './UserHeader';

/** The signed-in shell: brand and menu on the left, user on top, the page below. */
const AppLayout = () => {
  const brand = useBrand();
  const [collapsed, setCollapsed] = useState(false);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider theme="light" width={232} breakpoint="lg" collapsible collapsed={collapsed} onCollapse={setCollapsed}>
        <div style={{ padding: '20px 24px', whiteSpace: 'nowrap', overflow: 'hidden' }}>
          <div style={{ margin: 0, fontSize: 20, fontWeight: 700, color: brand.primaryColor }} data-testid="brand-name">
            {collapsed ? brand.name.slice(0, 1) : brand.name}
          </div>
        </div>
        <nav>
          <SideMenu />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ background: '#fff', display: 'flex', justifyContent: 'flex-end', alignItems: 'center', paddingInline: 24 }}>
          <UserHeader />
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <main>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
};

export default AppLayout;
