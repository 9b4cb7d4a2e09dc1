/**
 * The brand form's favicon (FaviconField, rendered by the form's own FormField): a file the field
 * cannot take is refused on the field, in Portuguese, before any call; a PNG or WebP within 64 KB goes
 * through the storage flow (initialize, the part's PUT, finalize) and the form sends the stored
 * file's id as `faviconFile`. Uploads are faked at the HTTP edge, as in upload.test.tsx.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { Form, type FormInstance } from 'antd';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { STORAGE_LIMITS, type FileRef } from '../../src/domain';
import { FAVICON_EXTENSIONS, FAVICON_MAX_BYTES } from '../../src/domain/management';
import '../../src/i18n/loadManagementMessages';
import { ptBRManagement } from '../../src/i18n/pt-BR.management';
import { FormField } from '../../src/pages/management/FormFields';
import { createDataProvider } from '../../src/providers/dataProvider';
import { toInput, type Values } from '../../src/pages/management/formModel';
import type { FieldDef, FormContext } from '../../src/resources';
import { fakeHttp, signIn, type FakeReply } from './helpers';
import { TestWrapper } from './TestWrapper';

const A = ptBRManagement.management.administrators;
const CONTEXT: FormContext = { action: 'edit', profile: 'operator', ownAdmId: null };
const PART_URL = 'https://storage.test/part/1?sig=x';

let favicon: FieldDef;
beforeAll(async () => {
  const { default: form } = await import('../../src/resources/forms/administrators');
  favicon = form.fields.find((f) => f.kind === 'favicon')!;
});

// jsdom has no object URLs: the field previews the picked file through one (this file's own jsdom).
beforeAll(() => {
  URL.createObjectURL = vi.fn(() => 'blob:favicon-preview');
  URL.revokeObjectURL = vi.fn();
});

interface Seen {
  method: string;
  url: string;
  data: unknown;
}

/** The storage API at the HTTP edge: one part to PUT, its etag, the stored file on finalize. */
const storage = () => {
  const seen: Seen[] = [];
  const handler = async (config: InternalAxiosRequestConfig): Promise<FakeReply> => {
    const url = config.url ?? '';
    const data = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    seen.push({ method: (config.method ?? 'get').toUpperCase(), url, data });
    if (url === '/storage/upload_initialize') {
      return {
        status: 200,
        data: { fileId: 'fav-1', fileKey: 'adm-1/fav-1', partSize: STORAGE_LIMITS.partBytes, expiresAt: '2026-11-20T10:05:00.000Z', parts: [{ partNumber: 1, url: PART_URL }] },
      };
    }
    if (url === PART_URL) return { status: 200, data: { etag: '"etag-1"' } };
    if (url === '/storage/upload_finalize') {
      const ref: FileRef = {
        fileId: 'fav-1',
        fileName: 'icone.png',
        filePath: 'adm-1/fav-1/icone.png',
        size: 1024,
        contentType: 'image/png',
        documentType: null,
        uploadedAt: '2026-11-20T10:00:00.000Z',
      };
      return { status: 200, data: ref };
    }
    return { status: 404, data: { message: 'Route not found: invalid URL' } };
  };
  return { seen, client: fakeHttp(handler) };
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (size: number, name = 'icone.png') => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_SIGNATURE);
  return new File([bytes], name, { type: 'image/png' });
};

/** The favicon field in an antd form, as the brand form renders it; `form()` reads the form's values. */
const renderField = () => {
  signIn('operator');
  const api = storage();
  let instance: FormInstance | null = null;
  const Harness = () => {
    const [form] = Form.useForm();
    instance = form;
    return (
      <Form form={form} name="administrators-edit" layout="vertical">
        <FormField field={favicon} context={CONTEXT} values={{}} admSlug="adm-1" />
      </Form>
    );
  };
  render(
    <Harness />,
    { wrapper: TestWrapper({ dataProvider: createDataProvider(api.client) }) },
  );
  const input = screen.getByTestId('administrators-edit_favicon-input') as HTMLInputElement;
  return { ...api, input, form: () => instance!.getFieldsValue(true) as Values };
};

// A user may switch the picker to "all files" (or drop a file): the field checks what it is given.
const user = () => userEvent.setup({ delay: null, applyAccept: false });

describe('the favicon field', () => {
  it('offers only PNG and WebP in the picker', () => {
    expect(FAVICON_EXTENSIONS).toEqual(['png', 'webp']);
    const { input } = renderField();
    expect(input.accept).toBe('.png,.webp');
  });

  it.each([
    ['icone.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['favicon.ico', 'image/x-icon', '\u0000\u0000\u0001\u0000'],
  ])('refuses %s on the field, in Portuguese, before any upload call', async (name, type, content) => {
    const { input, seen, form } = renderField();
    await user().upload(input, new File([content], name, { type }));
    expect(await screen.findByRole('alert')).toHaveTextContent(A.faviconType);
    expect(A.faviconType).toBe('Use um arquivo PNG ou WEBP.');
    expect(seen).toEqual([]);
    expect(form().favicon).toBeUndefined();
    expect(screen.getByText(A.faviconNone)).toBeInTheDocument();
  });

  it('refuses a PNG over 64 KB before any upload call', async () => {
    const { input, seen, form } = renderField();
    await user().upload(input, png(FAVICON_MAX_BYTES + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent(A.faviconTooLarge.replace('{{kb}}', '64'));
    expect(seen).toEqual([]);
    expect(form().favicon).toBeUndefined();
  });

  it('sends a valid PNG through the storage flow and the form sends the stored file id', async () => {
    const { input, seen, form } = renderField();
    const file = png(1024);
    await user().upload(input, file);
    await waitFor(() => expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['POST /storage/upload_initialize', `PUT ${PART_URL}`, 'POST /storage/upload_finalize']));
    expect(seen[0].data).toEqual({ fileName: 'icone.png', totalParts: 1, admSlug: 'adm-1', size: 1024, contentType: 'image/png' });
    expect(seen[2].data).toEqual({ fileId: 'fav-1', fileKey: 'adm-1/fav-1', parts: ['"etag-1"'] });

    await waitFor(() => expect(form().favicon).toMatchObject({ file: { fileId: 'fav-1' } }));
    expect(toInput([favicon], form(), CONTEXT)).toEqual({ faviconFile: 'fav-1' });
    expect(await screen.findByRole('img', { name: A.faviconPreview })).toHaveAttribute('src', 'blob:favicon-preview');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a refusal after a good pick keeps the uploaded icon and makes no call', async () => {
    const { input, seen, form } = renderField();
    await user().upload(input, png(1024));
    await waitFor(() => expect(form().favicon).toMatchObject({ file: { fileId: 'fav-1' } }));
    const calls = seen.length;
    await user().upload(input, new File(['<svg/>'], 'outro.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(A.faviconType);
    expect(seen).toHaveLength(calls);
    expect(toInput([favicon], form(), CONTEXT)).toEqual({ faviconFile: 'fav-1' });
  });
});
