/**
 * A reader of the live-updates stream (GET /api/live/events, issue 18) over a real socket, shared by
 * the API and reliability tests: `app.inject` cannot read a stream that never ends.
 */
import { expect } from 'vitest';

export interface LiveFrame {
  event: string;
  /** The frame's JSON data; `{}` when it carries none. */
  data: Record<string, unknown>;
}

export interface LiveStream {
  /** Every frame read so far, in order. */
  frames: LiveFrame[];
  waitFor: (pred: (f: LiveFrame) => boolean, what: string) => Promise<void>;
  waitEnded: () => Promise<void>;
  close: () => void;
}

/** Opens the stream as `token` on `baseUrl` (the server's origin) and reads it in the background. */
export async function openLiveStream(baseUrl: string, token: string, timeoutMs = 20_000): Promise<LiveStream> {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/live/events`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, signal: controller.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const frames: LiveFrame[] = [];
  // Woken on every chunk and at the end, so a wait returns as soon as its frame is in.
  const waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((w) => w());
  let ended = false;
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const chunk = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(chunk)?.[1];
          const data = /^data: (.*)$/m.exec(chunk)?.[1];
          if (event) frames.push({ event, data: data ? JSON.parse(data) : {} });
        }
        wake();
      }
    } catch {
      // aborted by close()
    }
    ended = true;
    wake();
  })();
  const until = async (ok: () => boolean, what: string) => {
    const deadline = Date.now() + timeoutMs;
    while (!ok()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; frames: ${JSON.stringify(frames)}`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 200);
      });
    }
  };
  return {
    frames,
    waitFor: (pred, what) => until(() => frames.some(pred), what),
    waitEnded: () => until(() => ended, 'the end of the stream'),
    close: () => controller.abort(),
  };
}
