/** Messages of the dashboard /painel (issue 18), loaded with its page (loadDashboardMessages.ts). */
export const ptBRDashboard = {
  dashboard: {
    title: 'Painel',
    loadError: 'Não foi possível carregar os números do painel.',
    loading: 'Carregando os números do painel…',
    total: 'Total de cotas',
    empty: {
      title: 'Ainda não há cotas na sua carteira',
      description: 'Os números do painel aparecem aqui assim que a primeira cota chegar.',
    },
    about: 'cerca de {{count}}',
    asTable: 'Ver como tabela',
    byState: { title: 'Cotas por situação' },
    byStep: { title: 'Cotas por etapa do processo' },
    ageing: {
      title: 'Tempo na situação',
      hint: 'Há quanto tempo as cotas estão na situação atual; as situações com as cotas mais antigas primeiro.',
      state: 'Situação',
      oldest: 'Mais antigas',
      since: 'desde {{date}}',
      none: 'Nenhuma cota',
      buckets: { upTo7: 'Até 7 dias', upTo30: '8 a 30 dias', upTo90: '31 a 90 dias', over90: 'Mais de 90 dias' },
    },
    moves: {
      title: 'Movimentações por dia (últimos 30 dias)',
      hint: 'Mudanças de situação das suas cotas. Cada dia abre a listagem das cotas atualizadas nele.',
      day: 'Dia',
      count: 'Movimentações',
      total: '{{count}} movimentações em 30 dias',
    },
    pendencies: {
      title: 'Pendências abertas por tipo',
      empty: 'Nenhuma pendência aberta.',
    },
    auctions: { title: 'Leilões e vendas diretas por situação' },
  },
};
