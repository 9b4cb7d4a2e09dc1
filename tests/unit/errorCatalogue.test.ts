import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_KEYS, ERROR_CATALOGUE, matchErrorMessage } from '../../src/domain/errorCatalogue';
import { ptBR } from '../../src/i18n/pt-BR';

/** The Portuguese text of `errors.<key>`, nested keys included ("notFound.share"). */
const message = (key: string): unknown =>
  key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], ptBR.errors);

/** What the user reads for a server message: the catalogue text, the "unexpected" text, or the raw one. */
const shown = (serverMessage: string | null | undefined): string => {
  const m = matchErrorMessage(serverMessage);
  if (m.kind === 'catalogue') return message(m.key) as string;
  if (m.kind === 'unexpected') return ptBR.errors.unexpected;
  return m.message;
};

const keyOf = (text: string) => {
  const m = matchErrorMessage(text);
  return m.kind === 'catalogue' ? m.key : m.kind;
};

describe('SPEC §8 rows: server message -> catalogue key', () => {
  it.each([
    ['Unauthorized', 'invalidCredentials'],
    ['Invalid credentials', 'invalidCredentials'],
    ['authentication failed', 'invalidCredentials'],
    ['Authentication failed: wrong password', 'invalidCredentials'],
    ['database connection refused', 'database'],
    ['Database connection error', 'database'],
    ['Database unavailable', 'database'],
    ['Could not open a connection to the database', 'database'],
    ['connect ECONNREFUSED 127.0.0.1:5432', 'database'],
    ['Missing property name', 'processing'],
    ['Field cannot be empty', 'processing'],
    ['Value must not be null', 'processing'],
    ['New password must differ from current', 'newPasswordMustDiffer'],
    ['New password must be different from the current one', 'newPasswordMustDiffer'],
    ['Password has expired', 'passwordExpired'],
    ['Password expired', 'passwordExpired'],
    ['First and second signer are equal', 'signersEqual'],
    ['User not authorized for platform', 'accessDenied'],
    ['Player not enabled', 'accessDenied'],
    ['Proposal data have no changes', 'proposalNoChanges'],
    ['Proposal data has no changes', 'proposalNoChanges'],
    ['Permission denied', 'permissionDenied'],
    ['Forbidden', 'permissionDenied'],
    ['Invalid filter: x', 'invalidInfo'],
    ['Invalid move: share is not available', 'invalidInfo'],
    ['contractNumber is required', 'missingInfo'],
    ['Missing contractNumber', 'missingInfo'],
    ['Token not provided', 'missingInfo'],
    ['Storage unavailable', 'storage'],
    ['Storage error while uploading', 'storage'],
    ['URL invalid', 'urlInvalid'],
    ['Invalid URL', 'urlInvalid'],
    ['Event not implemented', 'eventNotImplemented'],
    ['Invalid communication type', 'communicationType'],
    ['Internal server error', 'internal'],
    ['Internal error', 'internal'],
    ['Too many requests', 'tooManyRequests'],
    ['Invalid name: another view of this list already has it', 'viewNameTaken'],
    ['Invalid view: at most 100 saved views per user, delete one first', 'viewsTooMany'],
  ])('%j -> %s', (text, key) => {
    expect(keyOf(text)).toBe(key);
  });

  it.each([
    ['Share', 'share'],
    ['Address', 'address'],
    ['Administrator', 'administrator'],
    ['Bank', 'bank'],
    ['Offer', 'offer'],
    ['Person', 'person'],
    ['Company', 'company'],
    ['Document', 'document'],
    ['Proposal', 'proposal'],
    ['Envelope', 'envelope'],
    ['White label', 'whiteLabel'],
    ['Signer', 'signer'],
    ['Contract', 'contract'],
    ['User', 'user'],
    ['Report', 'report'],
    ['Auction', 'auction'],
    ['Fund', 'fund'],
    ['Player', 'player'],
    ['View', 'view'],
    ['Pendency', 'pendency'],
    ['Ticket', 'ticket'],
  ])('"%s not found" -> its own notFound message', (entity, key) => {
    expect(keyOf(`${entity} not found`)).toBe(`notFound.${key}`);
    const text = shown(`${entity} not found`);
    expect(text).toBe(message(`notFound.${key}`));
    expect(text).toMatch(/não encontrad[oa]\. Verifique os dados e tente novamente\.$/);
  });

  it('the 22 not-found messages are all different', () => {
    expect(new Set(Object.values(ptBR.errors.notFound)).size).toBe(22);
    expect(Object.keys(ptBR.errors.notFound)).toHaveLength(22);
  });

  it('"Whitelabel not found" (one word) is the white-label message too', () => {
    expect(keyOf('Whitelabel not found')).toBe('notFound.whiteLabel');
  });

  it('a not-found inside a longer sentence still matches, but only on a whole word', () => {
    expect(keyOf('Error 404: share not found for contract 123')).toBe('notFound.share');
    expect(keyOf('Subuser not found')).not.toBe('notFound.user');
  });
});

describe('specific patterns win over general ones', () => {
  it.each([
    ['Invalid credentials', 'invalidCredentials', 'not the general "Invalid"'],
    ['Missing property name', 'processing', 'not the general "Missing"'],
    ['Invalid communication type', 'communicationType', 'not the general "Invalid"'],
    ['Invalid URL', 'urlInvalid', 'not the general "Invalid"'],
    ['User not authorized for platform', 'accessDenied', 'not "Unauthorized"'],
    ['Proposal data have no changes', 'proposalNoChanges', 'not a proposal not-found'],
    ['Password has expired', 'passwordExpired', 'not another password rule'],
    ['Invalid proposal state: the price of a rejected proposal cannot change', 'proposalRejectedPrice', 'not the general "Invalid"'],
  ])('%j -> %s (%s)', (text, key) => {
    expect(keyOf(text)).toBe(key);
  });
});

describe('the exact Portuguese texts SPEC §8 quotes', () => {
  it.each([
    ['New password must differ from current', 'A nova senha deve ser diferente da atual.'],
    ['Password has expired', 'Senha expirada, clique aqui para alterar:'],
    ['First and second signer are equal', 'O CPF e o E-mail dos representantes não podem ser iguais.'],
    ['Proposal data have no changes', 'Não houve alteração nos dados da proposta.'],
    ['socket hang up', 'Ocorreu um erro inesperado. Tente novamente mais tarde.'],
  ])('%j is shown as %j', (serverText, portuguese) => {
    expect(shown(serverText)).toBe(portuguese);
  });

  it('the messages of the described rows say what SPEC §8 says', () => {
    expect(shown('Invalid credentials')).toMatch(/credenciais inválidas/i);
    expect(shown('Invalid credentials')).toMatch(/autenticação/i);
    expect(shown('database connection refused')).toMatch(/banco de dados/i);
    expect(shown('Missing property name')).toMatch(/suporte/i);
    expect(shown('Player not enabled')).toMatch(/permissão|acesso negado/i);
    expect(shown('Permission denied')).toMatch(/permiss/i);
    expect(shown('Invalid filter: x')).toMatch(/inválid/i);
    expect(shown('contractNumber is required')).toMatch(/ausentes|incompletas/i);
    expect(shown('Storage unavailable')).toMatch(/armazenamento/i);
    expect(shown('Internal server error')).toMatch(/suporte/i);
  });
});

describe('case-insensitive matching', () => {
  it.each([
    ['UNAUTHORIZED', 'invalidCredentials'],
    ['invalid CREDENTIALS', 'invalidCredentials'],
    ['SHARE NOT FOUND', 'notFound.share'],
    ['white LABEL not found', 'notFound.whiteLabel'],
    ['password HAS expired', 'passwordExpired'],
    ['PERMISSION DENIED', 'permissionDenied'],
    ['first AND SECOND signer are equal', 'signersEqual'],
    ['CONTRACTNUMBER IS REQUIRED', 'missingInfo'],
  ])('%j -> %s', (text, key) => {
    expect(keyOf(text)).toBe(key);
  });

  it('property: upper- or lower-casing a catalogue message never changes its key', () => {
    const samples = ['Invalid credentials', 'Share not found', 'Password has expired', 'Storage unavailable', 'Event not implemented', 'Missing property name'];
    fc.assert(
      fc.property(fc.constantFrom(...samples), fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }), (text, flips) => {
        const mixed = [...text].map((c, i) => (flips[i] ? c.toUpperCase() : c.toLowerCase())).join('');
        expect(keyOf(mixed)).toBe(keyOf(text));
      }),
    );
  });
});

describe('messages outside the catalogue', () => {
  it.each([
    'TypeError: Cannot read properties of undefined (reading "map")',
    'Error: something went wrong',
    'Error: boom',
    'ReferenceError: x is not defined',
    'Unhandled exception in worker',
    'socket hang up',
    'connect ETIMEDOUT 10.0.0.1:443',
    'ECONNRESET',
    'timeout of 10000ms exceeded',
    'Network Error',
    'Request failed with status code 502',
    'SQL syntax near "from"',
    'value is NaN',
    'Failed to fetch',
    '',
    '   ',
  ])('technical text %j gives the "unexpected" message', (text) => {
    expect(matchErrorMessage(text)).toEqual({ kind: 'unexpected' });
    expect(shown(text)).toBe('Ocorreu um erro inesperado. Tente novamente mais tarde.');
  });

  it('null or undefined gives the "unexpected" message', () => {
    expect(matchErrorMessage(null)).toEqual({ kind: 'unexpected' });
    expect(matchErrorMessage(undefined)).toEqual({ kind: 'unexpected' });
  });

  it.each([
    'Cota já vendida para outro comprador',
    'O leilão já foi encerrado',
    'Share is already sold',
  ])('plain text %j is shown as it is', (text) => {
    expect(matchErrorMessage(text)).toEqual({ kind: 'raw', message: text });
    expect(shown(text)).toBe(text);
  });

  it('raw text is trimmed', () => {
    expect(matchErrorMessage('  Cota já vendida  ')).toEqual({ kind: 'raw', message: 'Cota já vendida' });
  });

  it('words that merely contain a technical word are not technical', () => {
    expect(matchErrorMessage('Nanotech share already sold').kind).toBe('raw');
    expect(matchErrorMessage('Queryless transfer refused').kind).toBe('raw');
  });
});

describe('catalogue keys and pt-BR', () => {
  it.each(CATALOGUE_KEYS.map((k) => [k]))('errors.%s is a non-empty Portuguese string', (key) => {
    const text = message(key);
    expect(typeof text).toBe('string');
    expect((text as string).trim()).not.toBe('');
  });

  it('the unexpected message exists', () => {
    expect(ptBR.errors.unexpected).toBe('Ocorreu um erro inesperado. Tente novamente mais tarde.');
  });

  it('keys are unique and every entry is reachable by some message', () => {
    expect(new Set(CATALOGUE_KEYS).size).toBe(CATALOGUE_KEYS.length);
    expect(CATALOGUE_KEYS).toHaveLength(ERROR_CATALOGUE.length);
  });

  it('every pt-BR error message (but the title and "unexpected") belongs to a catalogue key', () => {
    const flat = (o: Record<string, unknown>, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [p + k] : flat(v as Record<string, unknown>, `${p}${k}.`)));
    const keys = flat(ptBR.errors).filter((k) => k !== 'title' && k !== 'unexpected');
    expect([...keys].sort()).toEqual([...CATALOGUE_KEYS].sort());
  });

  it('property: whatever the server says, the user reads a non-empty text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom(null, undefined)), (text) => {
        expect(shown(text).trim().length).toBeGreaterThan(0);
      }),
    );
  });
});

describe('the workspace says why (issue 13)', () => {
  it('an invalid move names the move, the share’s state and the states it needs, as the app calls them', () => {
    expect(matchErrorMessage('Invalid move: set_transfer from payment_done')).toEqual({
      kind: 'catalogue',
      key: 'invalidMove',
      params: {
        action: { keys: ['shareMove.set_transfer'] },
        state: { keys: ['shareState.payment_done'] },
        allowed: { keys: ['shareState.received_from_client'], quote: true },
      },
    });
  });

  it('a state the move starts from is not given as the reason', () => {
    const m = matchErrorMessage('Invalid move: clear_pendency from with_pendency');
    expect(m).toMatchObject({ kind: 'catalogue', key: 'invalidMoveNow' });
  });

  it('a move or a state the app does not know falls back to the general message, never a raw key', () => {
    expect(keyOf('Invalid move: fly from payment_done')).toBe('invalidInfo');
    expect(keyOf('Invalid move: set_paid from nowhere')).toBe('invalidInfo');
  });

  it('each move and each state has its words', () => {
    for (const key of ['start_sale', 'share_send_autoservice', 'set_transfer', 'set_paid', 'cancel_sale', 'release_proposals', 'client_accept', 'contract_received', 'raise_pendency', 'clear_pendency'])
      expect(ptBR.shareMove[key as keyof typeof ptBR.shareMove]).toMatch(/^[a-zà-ú]/);
  });

  it.each([
    ['Invalid version: the share changed (version 4, expected 3)', 'shareChanged'],
    ['Permission denied: feature disabled', 'featureDisabled'],
    ['Permission denied: proposal selection is disabled', 'featureDisabled'],
    ['Invalid file: the upload is not finalized', 'fileNotFinalized'],
    ['Invalid paidDate: in the future', 'paidDateFuture'],
    ['Invalid paidDate: expected an ISO date (YYYY-MM-DD)', 'paidDateInvalid'],
    ['Invalid billet line', 'billetLine'],
    ['Invalid reason', 'cancelReason'],
    ['Invalid proposal: it is declined, not open', 'proposalNotOpen'],
    ['Invalid share state: a proposal can only be selected while the share is available (it is payment_done)', 'proposalSelectStateNamed'],
    ['Invalid share state: a proposal can only be selected while the share is available', 'proposalSelectState'],
    ['Invalid share state: the price of a paid share cannot change', 'proposalPaidPrice'],
    ['Invalid signer: the first signer cannot be removed', 'firstSignerRemoval'],
    ['Invalid zip', 'invalidZip'],
    ['Invalid state', 'invalidUf'],
    ['Invalid agency', 'invalidAgency'],
    ['Invalid account', 'invalidAccount'],
    ['Invalid bank code', 'invalidBankCode'],
    ['Invalid cpf', 'invalidCpf'],
    ['Invalid primaryPhone', 'invalidPhone'],
    ['Invalid email', 'invalidEmail'],
    ['Invalid file type', 'fileType'],
  ])('%j -> %s, not the general "Informações inválidas."', (text, key) => {
    expect(keyOf(text)).toBe(key);
    expect(shown(text)).not.toBe(ptBR.errors.invalidInfo);
  });
});
