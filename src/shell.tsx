/** Configuration shared by the app shell and the component tests' wrapper, so both render alike. */
import { CloseOutlined } from '@ant-design/icons';
import type { IRefineOptions } from '@refinedev/core';
import type { ConfigProviderProps, ThemeConfig } from 'antd';
import antdPtBR from 'antd/es/locale/pt_BR';
import type { NotificationConfig } from 'antd/es/notification/interface';
import { THEME, TOAST } from './domain';
import { accessibleOn, accessibleOnWhite, darkerBy } from './domain/contrast';
import { ptBR } from './i18n/pt-BR';
import type { Brand } from './providers/whiteLabel';

/** antd puts its `margin` token (16 px) under every toast, inside the holder. */
export const TOAST_MARGIN_PX = 16;

/**
 * SPEC §2 and §9: bottom-right, 4 s, at most 3 at a time, and the toast's own edge 64 px above the
 * bottom. The holder sits lower by the margin antd adds under each toast, or the box would float at 80.
 */
export const NOTIFICATION_CONFIG: NotificationConfig = {
  placement: TOAST.placement,
  bottom: TOAST.bottomOffsetPx - TOAST_MARGIN_PX,
  duration: TOAST.durationMs / 1000,
  maxCount: TOAST.maxVisible,
  // Stacked toasts collapse behind one another; three must stay readable side by side.
  stack: false,
};

/**
 * WCAG 2.1 AA text contrast (issue 14), on white and on the grey panels (#f5f5f5): antd's defaults
 * for secondary text (45 % black, 3.3:1), placeholders (25 %, 1.8:1) and its red (#ff4d4f, 3.3:1),
 * green, gold and orange fail it. 60 % black reads 5.3:1 on the grey; the status colours are their
 * palettes' darker shades (each ≥ 4.5:1 on white and on its own light background).
 */
export const ACCESSIBLE_TEXT_TOKENS = {
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
  colorError: '#cf1322',
  colorSuccess: '#237804',
  colorWarning: '#ad4e00',
} as const;

/** The grey of panels and of the share's tab bar. */
const PANEL_BG = '#F5F5F5';
const SELECTED_ROW_BG = '#EEF0F3';
const SELECTED_ROW_HOVER_BG = '#E6E9ED';

/**
 * The brand's antd theme. `motion: false` (the system's "reduce motion", App.tsx) turns antd's
 * transitions off: dialogs, menus, tabs and toasts appear and go without moving.
 */
export const brandTheme = (brand: Pick<Brand, 'primaryColor'>, { motion = true }: { motion?: boolean } = {}): ThemeConfig => {
  // A brand colour that white text on a button, or it as link text, would not read on is darkened
  // in its own hue (src/domain/contrast.ts); the brand editor warns when that happens.
  const primary = accessibleOnWhite(brand.primaryColor);
  // Hovered text in the brand colour (a link button, a tab, a link): antd's hover shade is lighter
  // than the colour and read 3.4–3.7:1 on white and on the grey tab bar; a darker shade of the same
  // hue still marks the hover and reads ≥ 4.5:1 on both.
  const hover = accessibleOn(darkerBy(primary, 0.15), PANEL_BG);
  return {
    token: {
      colorPrimary: primary,
      colorPrimaryHover: hover,
      colorPrimaryTextHover: hover,
      colorLinkHover: hover,
      // Links also sit on a selected table row, a light grey (rowSelected*Bg below; the hover one is darker).
      colorLink: accessibleOn(primary, SELECTED_ROW_HOVER_BG),
      colorInfo: primary,
      fontFamily: THEME.fontFamily,
      ...ACCESSIBLE_TEXT_TOKENS,
      motion,
    },
    components: {
      Notification: { width: TOAST.widthPx },
      // antd tints a selected row with the primary colour, under which the brand-coloured contract
      // link read 3.5:1 (Acme); a neutral grey keeps links and tags readable on every brand.
      Table: { rowSelectedBg: SELECTED_ROW_BG, rowSelectedHoverBg: SELECTED_ROW_HOVER_BG },
    },
  };
};

/**
 * antd's Brazilian locale with the table's words as people say them (issue 14): its sort tooltips
 * read "Clique organiza por ascendente", its reset button "Resetar".
 */
export const APP_LOCALE: NonNullable<ConfigProviderProps['locale']> = {
  ...antdPtBR,
  Table: {
    ...antdPtBR.Table,
    triggerAsc: 'Ordenar em ordem crescente',
    triggerDesc: 'Ordenar em ordem decrescente',
    cancelSort: 'Remover a ordenação',
    filterReset: 'Limpar',
    filterConfirm: 'Aplicar',
    filterTitle: 'Filtrar',
    selectAll: 'Selecionar todas desta página',
    selectNone: 'Desmarcar tudo',
    selectInvert: 'Inverter a seleção',
    selectionAll: 'Selecionar tudo',
    emptyText: 'Nenhum registro',
  },
  Empty: { description: 'Nenhum registro' },
};

/**
 * Every dialog's close button (issue 14): rc-dialog names it "Close" in English whatever the locale;
 * the closable object's aria-label replaces that name.
 */
export const MODAL_CONFIG: ConfigProviderProps['modal'] = { closable: { 'aria-label': ptBR.app.close }, closeIcon: <CloseOutlined aria-hidden /> };

export const REFINE_OPTIONS: IRefineOptions = {
  syncWithLocation: true,
  warnWhenUnsavedChanges: false,
  // The product runs on closed networks; Refine's telemetry would call out to the internet.
  disableTelemetry: true,
  reactQuery: {
    clientConfig: {
      defaultOptions: {
        // A 4xx will not change on retry, and the error toast should come at once.
        queries: { retry: false, refetchOnWindowFocus: false },
      },
    },
  },
};
