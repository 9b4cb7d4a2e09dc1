import axios, { AxiosError, type AxiosAdapter } from 'axios';
import { describe, expect, it } from 'vitest';
import { trackRequestActions } from '../../src/providers/analyticsActions';
import { DISABLED_ANALYTICS, analyticsConfig, createAnalytics } from '../../src/providers/analytics';
import { recordingClient } from './analyticsRecording';

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('analytics configuration (build time)', () => {
  it('off without a token, even with an API host', () => {
    expect(analyticsConfig({})).toBeNull();
    expect(analyticsConfig({ VITE_ANALYTICS_TOKEN: '  ', VITE_ANALYTICS_API_HOST: 'http://127.0.0.1:9' })).toBeNull();
    expect(createAnalytics(null)).toBe(DISABLED_ANALYTICS);
  });

  it('on with a token; the API host is optional', () => {
    expect(analyticsConfig({ VITE_ANALYTICS_TOKEN: 'tok' })).toEqual({ token: 'tok' });
    expect(analyticsConfig({ VITE_ANALYTICS_TOKEN: ' tok ', VITE_ANALYTICS_API_HOST: ' https://proxy.example ' })).toEqual({
      token: 'tok',
      apiHost: 'https://proxy.example',
    });
  });
});

describe('the analytics queue', () => {
  it('calls made before the library arrives reach it in order, once it has', async () => {
    const { calls, client } = recordingClient();
    const analytics = createAnalytics({ token: 't' });
    analytics.track('page_view', { route: '/listagem' });
    analytics.identify({ id: 'u1', name: 'Ana', email: 'ana@x', profile: 'adm' });
    expect(calls).toEqual([]);
    analytics.start(async () => client);
    await settle();
    analytics.reset();
    expect(calls.map((c) => c[0])).toEqual(['track', 'identify', 'reset']);
  });

  it('loads the library once, however often start is called', async () => {
    let loads = 0;
    const { client } = recordingClient();
    const analytics = createAnalytics({ token: 't' });
    const load = async () => {
      loads += 1;
      return client;
    };
    analytics.start(load);
    analytics.start(load);
    await settle();
    expect(loads).toBe(1);
  });

  it('every text that reaches the library is cut at 255: event, properties, profile and group', async () => {
    const { calls, client } = recordingClient();
    const analytics = createAnalytics({ token: 't' });
    analytics.start(async () => client);
    await settle();
    const long = 'z'.repeat(300);
    analytics.track(long, { note: long, list: [long] });
    analytics.identify({ id: 'u1', name: long, email: long, profile: 'fund' });
    analytics.setGroup({ key: 'admId', id: '7', name: long });
    const texts = JSON.stringify(calls).match(/z+/g) ?? [];
    expect(texts.length).toBe(6);
    expect(texts.every((t) => t.length === 255)).toBe(true);
  });

  it('a library that fails to load, or throws, never reaches the app', async () => {
    const analytics = createAnalytics({ token: 't' });
    analytics.track('before');
    analytics.start(() => Promise.reject(new Error('blocked')));
    await settle();
    expect(() => analytics.track('after')).not.toThrow();

    const throwing = createAnalytics({ token: 't' });
    throwing.start(async () => ({ ...recordingClient().client, track: () => { throw new Error('boom'); } }));
    await settle();
    expect(() => throwing.track('x')).not.toThrow();
  });
});

describe('actions from the shared HTTP instance', () => {
  // Answers 200, or 400 for a URL with `fail` (an adapter settles the status itself, as axios's own do).
  const answering: AxiosAdapter = async (config) => {
    const failed = !!config.url?.includes('fail');
    const response = { data: {}, status: failed ? 400 : 200, statusText: '', headers: {}, config };
    if (failed) throw new AxiosError('Bad request', AxiosError.ERR_BAD_REQUEST, config, null, response);
    return response;
  };

  const instanceWithTracking = () => {
    const events: { event: string; properties: unknown }[] = [];
    const analytics = { ...DISABLED_ANALYTICS, enabled: true, track: (event: string, properties?: unknown) => events.push({ event, properties }) };
    const instance = axios.create({ baseURL: '/api', adapter: answering });
    trackRequestActions(instance, analytics);
    return { instance, events };
  };

  it('a successful change is an action named by its endpoint, carrying only the endpoint', async () => {
    const { instance, events } = instanceWithTracking();
    await instance.post('/actions/share_send_autoservice', { cpf: '123.456.789-09', name: 'Maria' });
    await instance.post('/user/login', { username: 'ana@x', password: 'secret' });
    expect(events).toEqual([
      { event: 'share_send_autoservice', properties: { endpoint: '/actions/share_send_autoservice' } },
      { event: 'login', properties: { endpoint: '/user/login' } },
    ]);
    expect(JSON.stringify(events)).not.toMatch(/123\.456|Maria|secret|ana@x/);
  });

  it('reads and failed calls are no action', async () => {
    const { instance, events } = instanceWithTracking();
    await instance.get('/share/list', { params: { limit: 1 } });
    await instance.post('/share/get_history', {});
    await instance.post('/person/save?fail=1', {}).catch(() => undefined);
    expect(events).toEqual([]);
  });

  it('nothing is tracked when analytics are off', async () => {
    const events: string[] = [];
    const instance = axios.create({ adapter: answering });
    trackRequestActions(instance, { ...DISABLED_ANALYTICS, track: (event: string) => events.push(event) });
    await instance.post('/actions/start_sale', {});
    expect(events).toEqual([]);
  });
});
