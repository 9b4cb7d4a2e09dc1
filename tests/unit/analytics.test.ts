import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_TEXT_MAX,
  API,
  DEFAULT_ANALYTICS_API_HOST,
  actionEndpoints,
  analyticsOrigin,
  apiPathOfUrl,
  eventNameOfEndpoint,
  eventOfRequest,
  pageViewOf,
  truncateProperties,
  truncateText,
} from '../../src/domain';
import { loadConfig } from '../../server/config';

describe('analytics text limit (SPEC §9: 255 characters)', () => {
  it('cuts a long text at 255 and leaves a short one alone', () => {
    expect(truncateText('a'.repeat(300))).toBe('a'.repeat(ANALYTICS_TEXT_MAX));
    expect(truncateText('a'.repeat(255))).toHaveLength(255);
    expect(truncateText('Cota 123')).toBe('Cota 123');
  });

  it('never leaves half of a character that takes two UTF-16 units', () => {
    const text = `${'a'.repeat(254)}😀tail`;
    expect(truncateText(text)).toBe('a'.repeat(254));
    expect(truncateText(`${'a'.repeat(253)}😀tail`)).toBe(`${'a'.repeat(253)}😀`);
  });

  it('any text: at most 255 units, a prefix of the original', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 600 }), (s) => {
        const cut = truncateText(s);
        expect(cut.length).toBeLessThanOrEqual(ANALYTICS_TEXT_MAX);
        expect(s.startsWith(cut)).toBe(true);
        if (s.length <= ANALYTICS_TEXT_MAX) expect(cut).toBe(s);
        else expect(cut.length).toBeGreaterThanOrEqual(ANALYTICS_TEXT_MAX - 1);
      }),
    );
  });

  it('cuts every text of a property bag, keys too, at any depth; other values pass as they are', () => {
    const long = 'x'.repeat(400);
    const when = new Date('2026-01-02T03:04:05Z');
    const out = truncateProperties({
      title: long,
      count: 3,
      ok: true,
      none: null,
      when,
      nested: { deeper: [long, { [long]: long }], short: 'fine' },
    });
    expect(out.title).toHaveLength(255);
    expect(out.count).toBe(3);
    expect(out.ok).toBe(true);
    expect(out.none).toBeNull();
    expect(out.when).toBe(when);
    expect(out.nested.short).toBe('fine');
    expect(out.nested.deeper[0]).toHaveLength(255);
    expect(out.nested.deeper[1]).toEqual({ ['x'.repeat(255)]: 'x'.repeat(255) });
  });

  it('does not change the object it was given', () => {
    const props = { title: 'y'.repeat(300) };
    truncateProperties(props);
    expect(props.title).toHaveLength(300);
  });
});

describe('action events are named by their endpoint', () => {
  it('path segments joined by _, the /actions/ group without its prefix', () => {
    expect(eventNameOfEndpoint(API.actions.shareSendAutoservice)).toBe('share_send_autoservice');
    expect(eventNameOfEndpoint(API.person.save)).toBe('person_save');
    expect(eventNameOfEndpoint(API.auction.nextStep)).toBe('auction_next_step');
    expect(eventNameOfEndpoint(API.proposal.editPrice)).toBe('proposal_edit_price');
  });

  it('every changing call is an action; reads, POST reads and flow steps are not', () => {
    const actions = actionEndpoints();
    expect(actions).toContainEqual(API.actions.startSale);
    expect(actions).toContainEqual(API.proposal.editPrice);
    expect(actions).toContainEqual(API.storage.uploadFinalize);
    expect(actions).toContainEqual(API.user.changePassword);
    for (const notAction of [API.share.list, API.share.getHistory, API.storage.generateLink, API.storage.uploadInitialize, API.user.login, API.user.verifyUsername]) {
      expect(actions).not.toContainEqual(notAction);
    }
    expect(actions.every((e) => e.method !== 'GET')).toBe(true);
  });

  it('action names are unique, so two calls never count as one', () => {
    const names = actionEndpoints().map(eventNameOfEndpoint);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('a successful request as an event', () => {
  it('a POST to an action endpoint is that action, whatever the base URL or query', () => {
    expect(eventOfRequest('post', '/actions/share_send_autoservice')).toBe('share_send_autoservice');
    expect(eventOfRequest('post', '/person/save?x=1', '/api')).toBe('person_save');
    expect(eventOfRequest('put', 'https://api.example.com/api/proposal/edit_price', 'https://api.example.com/api')).toBe('proposal_edit_price');
    expect(eventOfRequest('post', '/api/actions/set_paid')).toBe('set_paid');
  });

  it('a successful login is the login event', () => {
    expect(eventOfRequest('post', '/user/login')).toBe('login');
  });

  it('reads, wrong methods and unknown paths are no event', () => {
    expect(eventOfRequest('get', '/share/list')).toBeNull();
    expect(eventOfRequest('get', '/person/save')).toBeNull();
    expect(eventOfRequest('post', '/share/get_history')).toBeNull();
    expect(eventOfRequest('post', '/nothing/here')).toBeNull();
    expect(eventOfRequest('put', 'https://bucket.s3.example.com/key?partNumber=1')).toBeNull();
    expect(eventOfRequest(undefined, '/person/save')).toBeNull();
  });

  it('the API path of a URL drops origin, base path and query', () => {
    expect(apiPathOfUrl('/api/person/save?a=1', '/api')).toBe('/person/save');
    expect(apiPathOfUrl('person/save', '/api')).toBe('/person/save');
    expect(apiPathOfUrl('https://h/api/bank/save#x', 'https://h/api/')).toBe('/bank/save');
    expect(apiPathOfUrl('/apis/bank/save', '/api')).toBe('/apis/bank/save');
  });
});

describe('page views name the route, not the raw path', () => {
  const routes = [
    { pattern: '/', page: 'login' },
    { pattern: '/listagem', page: 'shares' },
    { pattern: '/cotas/:contractNumber', page: 'share_workspace' },
  ];

  it('a known route gives its pattern and page, never the id in the path', () => {
    expect(pageViewOf('/cotas/ABC-12345', routes)).toEqual({ route: '/cotas/:contractNumber', page: 'share_workspace' });
    expect(pageViewOf('/listagem', routes)).toEqual({ route: '/listagem', page: 'shares' });
    expect(pageViewOf('/listagem/', routes)).toEqual({ route: '/listagem', page: 'shares' });
    expect(pageViewOf('/', routes)).toEqual({ route: '/', page: 'login' });
  });

  it('the query string never goes along (list filters may hold a CPF)', () => {
    const view = pageViewOf('/listagem?filters=%5B%7B%22value%22%3A%2212345678909%22%7D%5D', routes);
    expect(JSON.stringify(view)).not.toContain('12345678909');
    expect(view).toEqual({ route: '/listagem', page: 'shares' });
  });

  it('a fixed segment wins over a parameter, whatever the order of the table', () => {
    const records = [
      { pattern: '/usuarios/:id', page: 'users.show' },
      { pattern: '/usuarios/:id/editar', page: 'users.edit' },
      { pattern: '/usuarios/novo', page: 'users.create' },
      { pattern: '/usuarios', page: 'users' },
    ];
    for (const table of [records, [...records].reverse()]) {
      expect(pageViewOf('/usuarios/novo', table)).toEqual({ route: '/usuarios/novo', page: 'users.create' });
      expect(pageViewOf('/usuarios/ana', table)).toEqual({ route: '/usuarios/:id', page: 'users.show' });
      expect(pageViewOf('/usuarios/u-9/editar', table)).toEqual({ route: '/usuarios/:id/editar', page: 'users.edit' });
      expect(pageViewOf('/usuarios', table)).toEqual({ route: '/usuarios', page: 'users' });
    }
  });

  it('an unknown path keeps its words and hides every segment with a digit', () => {
    expect(pageViewOf('/leiloes/42/configurar', routes)).toEqual({ route: '/leiloes/:id/configurar', page: 'leiloes' });
    expect(pageViewOf('/123', routes)).toEqual({ route: '/:id', page: 'unknown' });
    expect(pageViewOf('/recuperar-senha', routes)).toEqual({ route: '/recuperar-senha', page: 'recuperar-senha' });
  });
});

describe('the analytics host the server lets the app reach (CSP connect-src)', () => {
  it('none without a token, Mixpanel without a host, the configured host otherwise', () => {
    expect(analyticsOrigin(undefined, 'https://proxy.example')).toBeNull();
    expect(analyticsOrigin(' ', undefined)).toBeNull();
    expect(analyticsOrigin('tok', undefined)).toBe(new URL(DEFAULT_ANALYTICS_API_HOST).origin);
    expect(analyticsOrigin('tok', 'http://127.0.0.1:9000/mp/')).toBe('http://127.0.0.1:9000');
    expect(analyticsOrigin('tok', 'not a url')).toBeNull();
  });

  it('the server reads the same variables as the build', () => {
    expect(loadConfig({}).analyticsOrigin).toBeNull();
    expect(loadConfig({ VITE_ANALYTICS_TOKEN: 'tok', VITE_ANALYTICS_API_HOST: 'https://eu.proxy.example/track' }).analyticsOrigin).toBe('https://eu.proxy.example');
  });
});
