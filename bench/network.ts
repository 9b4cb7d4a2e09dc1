/**
 * What a page costs on the wire, and the networks the browser benchmark runs under (issue 17).
 * - WireMeter counts the bytes Chromium received (Network.loadingFinished's encodedDataLength:
 *   compressed bodies plus headers, as a real network carries them) and knows when no request is in
 *   flight. A server-sent event stream never finishes: it is neither counted nor waited for.
 * - PROFILES are Chrome DevTools Protocol throttling presets: loopback as it is, a 4G line
 *   (9 Mbps down, 1.5 up, 60 ms round trip) and a slow 3G-like line (DevTools' "Fast 3G": 1.6 Mbps
 *   down, 750 kbps up, 562.5 ms round trip).
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

export interface NetworkProfile {
  name: string;
  label: string;
  /** null: no throttling (loopback). */
  conditions: { latency: number; downloadThroughput: number; uploadThroughput: number } | null;
}

const mbps = (m: number) => (m * 1_000_000) / 8;

export const PROFILES: readonly NetworkProfile[] = [
  { name: 'loopback', label: 'loopback', conditions: null },
  { name: '4g', label: '4G (9 Mbps ↓, 1.5 Mbps ↑, 60 ms RTT)', conditions: { latency: 60, downloadThroughput: mbps(9), uploadThroughput: mbps(1.5) } },
  { name: '3g', label: 'slow 3G (1.6 Mbps ↓, 750 kbps ↑, 562 ms RTT)', conditions: { latency: 562.5, downloadThroughput: mbps(1.6), uploadThroughput: mbps(0.75) } },
];

export const profileNamed = (names: string | undefined): NetworkProfile[] => {
  const wanted = (names ?? PROFILES.map((p) => p.name).join(',')).split(',').map((s) => s.trim());
  return PROFILES.filter((p) => wanted.includes(p.name));
};

const isStream = (url: string, mime?: string) => mime === 'text/event-stream' || /\/api\/live\/events\b/.test(url);

export class WireMeter {
  private bytes = 0;
  private readonly inflight = new Set<string>();
  private readonly streams = new Set<string>();
  private readonly urls = new Map<string, string>();
  /** URL path → bytes received, for finding what a page pulls in. */
  readonly byPath = new Map<string, number>();
  private lastChange = Date.now();

  private constructor(private readonly session: CDPSession) {}

  /** Attaches to a page: throttles it to `profile` and starts counting. */
  static async attach(context: BrowserContext, page: Page, profile: NetworkProfile): Promise<WireMeter> {
    const session = await context.newCDPSession(page);
    const meter = new WireMeter(session);
    session.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string } }) => {
      meter.urls.set(e.requestId, new URL(e.request.url).pathname);
      if (isStream(e.request.url)) meter.streams.add(e.requestId);
      else meter.inflight.add(e.requestId);
      meter.lastChange = Date.now();
    });
    session.on('Network.responseReceived', (e: { requestId: string; response: { mimeType: string; url: string } }) => {
      if (isStream(e.response.url, e.response.mimeType)) {
        meter.inflight.delete(e.requestId);
        meter.streams.add(e.requestId);
      }
    });
    session.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
      if (!meter.streams.has(e.requestId)) {
        meter.bytes += e.encodedDataLength;
        const path = meter.urls.get(e.requestId) ?? '?';
        meter.byPath.set(path, (meter.byPath.get(path) ?? 0) + e.encodedDataLength);
      }
      meter.inflight.delete(e.requestId);
      meter.lastChange = Date.now();
    });
    session.on('Network.loadingFailed', (e: { requestId: string }) => {
      meter.inflight.delete(e.requestId);
      meter.lastChange = Date.now();
    });
    await session.send('Network.enable');
    if (profile.conditions) await session.send('Network.emulateNetworkConditions', { offline: false, ...profile.conditions });
    return meter;
  }

  get total(): number {
    return this.bytes;
  }

  /** Resolves once nothing but event streams has been in flight for `quietMs`. */
  async idle(quietMs = 500, timeoutMs = 60_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (this.inflight.size === 0 && Date.now() - this.lastChange >= quietMs) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`the network never went idle: ${this.inflight.size} requests in flight`);
  }

  async detach(): Promise<void> {
    await this.session.detach().catch(() => undefined);
  }
}
