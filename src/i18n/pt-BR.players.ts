/**
 * Messages of the 'Enviar arquivo' modal of the player files, in Brazilian Portuguese. Loaded with the
 * modal's chunk (src/i18n/loadPlayerMessages.ts), so the lists do not download them.
 */
export const ptBRPlayers = {
  playerFiles: {
    sendModal: {
      title: 'Enviar arquivo a players',
      fileType: 'Tipo de arquivo',
      fileTypePlaceholder: 'Selecione o tipo',
      fileTypeRequired: 'Selecione o tipo de arquivo.',
      fileTypesError: 'Não foi possível carregar os tipos de arquivo.',
      players: 'Players',
      playersPlaceholder: 'Busque por nome ou CPF/CNPJ',
      playersRequired: 'Selecione ao menos um player.',
      playersEmpty: 'Nenhum player encontrado',
      playersError: 'Não foi possível carregar os players.',
      playerDisabled: '{{name}} (não habilitado)',
      file: 'Arquivo',
      fileRequired: 'Selecione o arquivo.',
      pick: 'Selecionar arquivo',
      replace: 'Trocar arquivo',
      picked: 'Arquivo selecionado: {{name}}',
      submit: 'Enviar',
      sending: 'Enviando…',
      cancel: 'Cancelar',
      cancelUpload: 'Cancelar envio',
      progress: 'Enviando {{name}}',
      retry: 'Tentar novamente',
      sent_one: 'Arquivo {{name}} enviado a {{count}} player.',
      sent_other: 'Arquivo {{name}} enviado a {{count}} players.',
    },
  },
};
