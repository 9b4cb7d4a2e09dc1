import { createHash } from 'node:crypto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_LIMITS, type FileRef } from '../../src/domain';
import { Form } from 'antd';
import { FileField } from '../../src/components/upload/FileField';
import { FileUpload } from '../../src/components/upload/FileUpload';
import { UploadError, checkFile, partRanges, uploadFile, uploadTransport } from '../../src/hooks/storageUpload';
import { createDataProvider } from '../../src/providers/dataProvider';
import { messages as ptBR } from './workspaceApi';
import { fakeHttp, signIn, type FakeReply } from './helpers';
import { TestWrapper } from './TestWrapper';


/** A file whose every byte is known, so the test can compute each part's checksum itself. */
const makeFile = (size: number, name = 'contrato.pdf', type = 'application/pdf') => {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 31 + 7) % 251;
  return { file: new File([bytes], name, { type }), bytes };
};

const fileRef = (over: Partial<FileRef> = {}): FileRef => ({
  fileId: 'f-1',
  fileName: 'contrato.pdf',
  filePath: 'acme/f-1/contrato.pdf',
  size: 1,
  contentType: 'application/pdf',
  documentType: null,
  uploadedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

interface Seen {
  method: string;
  url: string;
  data: unknown;
  headers: Record<string, unknown>;
}

/** A storage API: initialize answers one signed URL per part; each PUT answers its etag. */
const storage = (opts: { failPart?: number; progress?: boolean } = {}) => {
  const seen: Seen[] = [];
  const handler = async (config: InternalAxiosRequestConfig): Promise<FakeReply> => {
    const url = config.url ?? '';
    const headers = (config.headers?.toJSON?.() ?? config.headers ?? {}) as Record<string, unknown>;
    const data = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    seen.push({ method: (config.method ?? 'get').toUpperCase(), url, data, headers });
    if (url === '/storage/upload_initialize') {
      const { totalParts } = data as { totalParts: number };
      return {
        status: 200,
        data: {
          fileId: 'f-1',
          fileKey: 'acme/f-1',
          partSize: STORAGE_LIMITS.partBytes,
          expiresAt: '2026-11-20T10:05:00.000Z',
          // Out of order on purpose: the client must follow partNumber.
          parts: Array.from({ length: totalParts }, (_, i) => ({ partNumber: i + 1, url: `https://storage.test/part/${i + 1}?sig=x` })).reverse(),
        },
      };
    }
    const part = /part\/(\d+)/.exec(url);
    if (part) {
      const n = Number(part[1]);
      if (opts.failPart === n) return { status: 400, data: { message: 'Checksum mismatch' } };
      const size = (config.data as ArrayBuffer).byteLength;
      if (opts.progress) {
        config.onUploadProgress?.({ loaded: Math.floor(size / 2), total: size, bytes: size / 2, lengthComputable: true } as never);
        config.onUploadProgress?.({ loaded: size, total: size, bytes: size / 2, lengthComputable: true } as never);
      }
      return { status: 200, data: { etag: `"etag-${n}"` } };
    }
    if (url === '/storage/upload_finalize') return { status: 200, data: fileRef({ size: 1 }) };
    return { status: 404, data: { message: 'Route not found: invalid URL' } };
  };
  return { seen, client: fakeHttp(handler) };
};

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('upload: the storage flow', () => {
  it('splits by partBytes, PUTs every part with its SHA-256, reports progress and finalizes with the etags in order', async () => {
    signIn('operator');
    const size = 2 * STORAGE_LIMITS.partBytes + 123;
    const { file, bytes } = makeFile(size);
    const { seen, client } = storage({ progress: true });
    const progress: number[] = [];
    const ref = await uploadFile(uploadTransport(createDataProvider(client)), file, { admSlug: 'acme', onProgress: (p) => progress.push(p) });
    expect(ref.fileId).toBe('f-1');

    const init = seen.find((s) => s.url === '/storage/upload_initialize')!;
    expect(init.data).toEqual({ fileName: 'contrato.pdf', totalParts: 3, admSlug: 'acme', size, contentType: 'application/pdf' });

    const puts = seen.filter((s) => s.method === 'PUT');
    expect(puts.map((p) => p.url)).toEqual([1, 2, 3].map((n) => `https://storage.test/part/${n}?sig=x`));
    const ranges = partRanges(size);
    expect(ranges).toEqual([
      [0, STORAGE_LIMITS.partBytes],
      [STORAGE_LIMITS.partBytes, 2 * STORAGE_LIMITS.partBytes],
      [2 * STORAGE_LIMITS.partBytes, size],
    ]);
    puts.forEach((p, i) => {
      expect(p.headers['x-content-sha256']).toBe(sha(bytes.subarray(ranges[i][0], ranges[i][1])));
      // A signed URL carries its own authorization: the bearer token stays with the API.
      expect(p.headers.Authorization).toBeUndefined();
    });

    const fin = seen.find((s) => s.url === '/storage/upload_finalize')!;
    expect(fin.data).toEqual({ fileId: 'f-1', fileKey: 'acme/f-1', parts: ['"etag-1"', '"etag-2"', '"etag-3"'] });
    expect(fin.headers.Authorization).toMatch(/^Bearer /);

    expect(progress.at(-1)).toBe(100);
    expect(progress.some((p) => p > 0 && p < 100)).toBe(true);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it('refuses, before any call, a file over the limit or of a type the server does not take', async () => {
    expect(checkFile({ name: 'a.pdf', type: 'application/pdf', size: STORAGE_LIMITS.maxFileBytes + 1 })).toBe('tooLarge');
    expect(checkFile({ name: 'a.exe', type: 'application/x-msdownload', size: 10 })).toBe('type');
    expect(checkFile({ name: 'scan.PDF', type: '', size: 10 })).toBeNull();
    const { seen, client } = storage();
    await expect(uploadFile(uploadTransport(createDataProvider(client)), makeFile(10, 'virus.exe', 'application/x-msdownload').file, { admSlug: 'acme' })).rejects.toMatchObject({ problem: 'type' });
    expect(seen).toHaveLength(0);
  });

  it('stops at the first failing part and never finalizes', async () => {
    const { seen, client } = storage({ failPart: 2 });
    const error = await uploadFile(uploadTransport(createDataProvider(client)), makeFile(STORAGE_LIMITS.partBytes + 10).file, { admSlug: 'acme' }).catch((e) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect(error.problem).toBe('part');
    expect(seen.filter((s) => s.method === 'PUT')).toHaveLength(2);
    expect(seen.some((s) => s.url === '/storage/upload_finalize')).toBe(false);
  });
});

describe('FileUpload component', () => {
  const renderUpload = (client: ReturnType<typeof fakeHttp>, onChange = vi.fn()) =>
    render(
      <FileUpload admSlug="acme" id="proof" label="Comprovante" onChange={onChange} />,
      { wrapper: TestWrapper({ dataProvider: createDataProvider(client) }) },
    );

  it('is reached and opened with the keyboard, and hands the stored file to the form', async () => {
    signIn('operator');
    const onChange = vi.fn();
    const { client } = storage({ progress: true });
    renderUpload(client, onChange);
    const user = userEvent.setup({ delay: null });
    await user.tab();
    const button = screen.getByRole('button', { name: `${ptBR.upload.pick}: Comprovante` });
    expect(button).toHaveFocus();
    const input = screen.getByTestId('proof-input') as HTMLInputElement;
    const click = vi.spyOn(input, 'click');
    await user.keyboard('{Enter}');
    expect(click).toHaveBeenCalled();
    await user.upload(input, makeFile(1000).file);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ fileId: 'f-1' })));
    expect(await screen.findByText('contrato.pdf')).toBeInTheDocument();
  });

  it('says in Portuguese why a file was refused, and why an upload stopped', async () => {
    signIn('operator');
    const { client } = storage({ failPart: 1 });
    renderUpload(client);
    const input = screen.getByTestId('proof-input') as HTMLInputElement;
    const user = userEvent.setup({ delay: null, applyAccept: false });
    await user.upload(input, makeFile(10, 'planilha.exe', 'application/x-msdownload').file);
    expect(await screen.findByRole('alert')).toHaveTextContent(ptBR.upload.errors.type);
    await user.upload(input, makeFile(1000).file);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(ptBR.upload.errors.part));
  });
});

describe('FileField: one message at a time on the field (issue 13)', () => {
  /** The storage API, with each part's PUT held until the test releases it. */
  const gatedStorage = () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { client: base } = storage();
    const adapter = base.defaults.adapter as AxiosAdapter;
    base.defaults.adapter = async (config) => {
      if (/part\//.test(config.url ?? '')) await gate;
      return adapter(config);
    };
    return { client: base, release };
  };

  const renderField = (client: ReturnType<typeof fakeHttp>, onFinish = vi.fn()) => {
    render(
      <Form onFinish={onFinish}>
        <FileField name="proof" label="Comprovante" admSlug="acme" id="proof" required />
        <button type="submit">Enviar</button>
      </Form>,
      { wrapper: TestWrapper({ dataProvider: createDataProvider(client) }) },
    );
    return onFinish;
  };

  it('a refused type reads only its reason, not "Campo obrigatório" next to it', async () => {
    signIn('operator');
    renderField(storage().client);
    const user = userEvent.setup({ delay: null, applyAccept: false });
    await user.upload(screen.getByTestId('proof-input') as HTMLInputElement, makeFile(10, 'planilha.exe', 'application/x-msdownload').file);
    const item = screen.getByTestId('proof-input').closest('.ant-form-item') as HTMLElement;
    // Once the field has its message, it is the reason, said once.
    await waitFor(() => expect(item).toHaveClass('ant-form-item-has-error'));
    await waitFor(() => expect(item.querySelector('.ant-form-item-explain-error')).toHaveTextContent(ptBR.upload.errors.type));
    expect(within(item).getAllByText(ptBR.upload.errors.type)).toHaveLength(1);
    expect(within(item).queryByText(ptBR.validation.required)).toBeNull();
    // Sent as it is, the field still says why (the type), not that it is empty.
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await new Promise((r) => setTimeout(r, 200));
    expect(within(item).getAllByText(ptBR.upload.errors.type)).toHaveLength(1);
    expect(within(item).queryByText(ptBR.validation.required)).toBeNull();
  });

  it('says nothing while the file uploads, asks to wait if sent meanwhile, and accepts the file once stored', async () => {
    signIn('operator');
    const { client, release } = gatedStorage();
    const onFinish = renderField(client);
    const user = userEvent.setup({ delay: null });
    await user.upload(screen.getByTestId('proof-input') as HTMLInputElement, makeFile(1000).file);
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByText(ptBR.validation.required)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(ptBR.upload.wait)).toBeInTheDocument();
    expect(screen.queryByText(ptBR.validation.required)).toBeNull();
    expect(onFinish).not.toHaveBeenCalled();
    release();
    expect(await screen.findByText('contrato.pdf')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(ptBR.upload.wait)).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ proof: expect.objectContaining({ fileId: 'f-1' }) }));
  });

  it('an empty field sent reads "Campo obrigatório"', async () => {
    signIn('operator');
    renderField(storage().client);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(ptBR.validation.required)).toBeInTheDocument();
  });
});
