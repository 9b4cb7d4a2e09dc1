/**
 * The data provider's export (issue 18, ExportMeta in dataProvider.ts): the POST of a list's export
 * call on axios's fetch adapter, whose `responseType: 'stream'` hands over the body as it arrives.
 * Loaded with the first export, not with the first list.
 */
import type { HttpError } from '@refinedev/core';
import axios, { type AxiosInstance } from 'axios';
import type { Endpoint } from '../domain/apiPaths';
import { EXPORT_CONTENT_TYPES, EXPORT_TOTAL_EXACT_HEADER, EXPORT_TOTAL_HEADER, exportFileName } from '../domain/exportFormat';
import type { ExportMeta, ExportedFile } from './dataProvider';
import { toHttpError } from './httpError';

/** RFC 6266's UTF-8 name, if the answer gave one. */
const fileNameOf = (disposition: unknown): string | null => {
  const m = typeof disposition === 'string' ? /filename\*=UTF-8''([^;]+)/i.exec(disposition) : null;
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return null;
  }
};

/** A refused export answers JSON in a stream body: read it, so the error says why. */
const withReadBody = async (e: unknown): Promise<unknown> => {
  const response = axios.isAxiosError(e) ? e.response : undefined;
  if (response && typeof ReadableStream !== 'undefined' && response.data instanceof ReadableStream) {
    try {
      response.data = JSON.parse(await new Response(response.data).text());
    } catch {
      response.data = undefined;
    }
  }
  return e;
};

export async function streamExport(client: AxiosInstance, endpoint: Endpoint, query: Record<string, unknown>, o: ExportMeta): Promise<ExportedFile> {
  try {
    const res = await client.request<ReadableStream<Uint8Array>>({
      method: endpoint.method,
      url: endpoint.path,
      data: { format: o.format, query, columns: o.columns, title: o.title, timeZone: o.timeZone },
      responseType: 'stream',
      // Streaming needs fetch; a transport of its own (tests) is used as it is.
      adapter: typeof client.defaults.adapter === 'function' ? client.defaults.adapter : 'fetch',
      ...(o.signal ? { signal: o.signal } : {}),
    });
    const raw = res.headers[EXPORT_TOTAL_HEADER];
    const total = Number(raw);
    o.onStart?.(raw !== undefined && raw !== null && Number.isFinite(total) ? { total, exact: String(res.headers[EXPORT_TOTAL_EXACT_HEADER]) === 'true' } : null);
    const parts: Uint8Array[] = [];
    const reader = res.data.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      o.onChunk(value);
    }
    return {
      blob: new Blob(parts as BlobPart[], { type: EXPORT_CONTENT_TYPES[o.format] }),
      fileName: fileNameOf(res.headers['content-disposition']) ?? exportFileName(o.title, new Date(), o.format, o.timeZone),
    };
  } catch (e) {
    throw toHttpError(await withReadBody(e)) satisfies HttpError;
  }
}
