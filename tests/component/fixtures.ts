import type { ShareListItem } from '../../src/domain';

export const share = (over: Partial<ShareListItem> = {}): ShareListItem => ({
  shareId: 's-1',
  contractNumber: '100200',
  state: 'available',
  isPj: false,
  ownerName: 'Maria da Silva',
  ownerDocument: '52998224725',
  admId: 2,
  admName: 'Acme Consórcios',
  fundId: null,
  fundName: null,
  processStep: 0,
  sentToPartner: false,
  createdAt: '2025-01-02T10:00:00.000Z',
  updatedAt: '2025-03-04T15:30:00.000Z',
  ...over,
});

export const SHARES: ShareListItem[] = [
  share(),
  share({
    shareId: 's-2',
    contractNumber: '100201',
    state: 'with_pendency',
    isPj: true,
    ownerName: 'Padaria Pão Quente Ltda',
    ownerDocument: '11222333000181',
    admId: 3,
    admName: 'Órbita Administradora',
    fundId: 7,
    fundName: 'Fundo Alfa',
    processStep: 7,
  }),
  share({ shareId: 's-3', contractNumber: '100202', state: 'approved_by_adm', processStep: 2, ownerName: 'João Souza' }),
];
