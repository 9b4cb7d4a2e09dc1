import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button, Layout } from 'antd';
import { Suspense, lazy, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { useBrand } from '../../providers/BrandContext';
import { PageLoading } from '../PageLoading';
import { MeasuredContent } from './contentWidth';
import { SideMenu } from './SideMenu';
import { UserHeader } from './UserHeader';
import { MAIN_ID, useRouteFocus } from './useRouteFocus';

// Its own chunk, fetched when first opened: the first list's JavaScript carries only the button.
const CommandPalette = lazy(() => import('./CommandPalette'));

/** Ctrl-K (⌘-K on a Mac) anywhere: the command palette (issue 18). */
const usePaletteShortcut = (openPalette: () => void) => {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        openPalette();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [openPalette]);
};

/** The signed-in shell: brand and menu on the left, search and user on top, the page below. */
const AppLayout = () => {
  const brand = useBrand();
  const t = useTranslate();
  const [collapsed, setCollapsed] = useState(false);
  // Mounted once asked for and then kept (closed, not removed), so antd gives the focus back on close.
  const [palette, setPalette] = useState<'closed' | 'open' | null>(null);
  const [openPalette] = useState(() => () => setPalette('open'));
  usePaletteShortcut(openPalette);
  useRouteFocus();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      {/* The first tab stop (issue 14): past the menu straight to the page. Hidden until focused. */}
      <a className="skip-link" href={`#${MAIN_ID}`}>
        {t('menu.skipToContent')}
      </a>
      {/* antd's own trigger is a bare div: neither named nor reachable by keyboard, hence our button. */}
      <Layout.Sider theme="light" width={232} breakpoint="lg" collapsible collapsed={collapsed} onCollapse={setCollapsed} trigger={null}>
        <div style={{ padding: '20px 24px', whiteSpace: 'nowrap', overflow: 'hidden' }}>
          <div style={{ margin: 0, fontSize: 20, fontWeight: 600, color: brand.primaryColor }} data-testid="brand-name">
            {collapsed ? brand.name.slice(0, 1) : brand.name}
          </div>
        </div>
        <nav>
          <SideMenu />
        </nav>
        <div style={{ padding: '8px 16px' }}>
          <Button
            type="text"
            icon={collapsed ? <MenuUnfoldOutlined aria-hidden /> : <MenuFoldOutlined aria-hidden />}
            onClick={() => setCollapsed((c) => !c)}
            aria-label={t(collapsed ? 'menu.expand' : 'menu.collapse')}
            aria-expanded={!collapsed}
            title={t(collapsed ? 'menu.expand' : 'menu.collapse')}
          />
        </div>
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ background: '#fff', display: 'flex', justifyContent: 'flex-end', alignItems: 'center', paddingInline: 'clamp(12px, 3vw, 24px)' }}>
          <UserHeader onSearch={openPalette} />
        </Layout.Header>
        {/* Layout.Content renders the page's one <main> landmark. */}
        <Layout.Content id={MAIN_ID} tabIndex={-1} style={{ padding: 24, outline: 'none' }}>
          <MeasuredContent>
            <Suspense fallback={<PageLoading waitingFor="code" />}>
              <Outlet />
            </Suspense>
          </MeasuredContent>
        </Layout.Content>
      </Layout>
      {palette && (
        <Suspense fallback={null}>
          <CommandPalette open={palette === 'open'} onClose={() => setPalette('closed')} />
        </Suspense>
      )}
    </Layout>
  );
};

export default AppLayout;
