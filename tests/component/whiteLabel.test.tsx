import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, THEME, type WhiteLabelConfig } from '../../src/domain';
import { BrandContext, useBrandLoader } from '../../src/providers/BrandContext';
import { DEFAULT_BRAND, applyBrandToDocument, fetchBrand, initialBrand, type Brand } from '../../src/providers/whiteLabel';
import { fakeHttp } from './helpers';

const acme: WhiteLabelConfig = {
  admId: 2,
  labelId: 'acme',
  cnpj: '11.222.333/0001-81',
  admIdByCnpj: '11222333000181',
  configs: { allowMultiprices: true, displayDocumentsInBackoffice: false },
  favicon: '/brands/acme.png',
  name: 'Acme Consórcios',
  colors: { primary: '#C2410C', secondary: '#1F2937' },
};

const server = (status = 200, data: unknown = acme) => {
  const asked: unknown[] = [];
  const client = fakeHttp((config) => {
    asked.push({ url: config.url, params: config.params, auth: config.headers.get('Authorization') });
    return { status, data: status === 200 ? data : { message: 'White label not found' } };
  });
  return { client, asked };
};

describe('white label', () => {
  it("fetches the label's configuration, caches it and turns it into a brand", async () => {
    const { client, asked } = server();
    const brand = await fetchBrand(client, 'acme');
    expect(asked).toEqual([{ url: '/white_label/get', params: { labelId: 'acme' }, auth: undefined }]);
    expect(brand).toMatchObject({ labelId: 'acme', name: 'Acme Consórcios', primaryColor: '#C2410C', favicon: '/brands/acme.png' });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.whiteLabel)!)).toEqual(acme);
    // The next visit paints the cached brand before the network answers.
    expect(initialBrand('acme')).toMatchObject({ name: 'Acme Consórcios', primaryColor: '#C2410C' });
    // A cache written for another label is not this brand.
    expect(initialBrand('orbita')).toBe(DEFAULT_BRAND);
  });

  it('falls back to the default brand (#2863D0) on a 404 and drops the cache', async () => {
    localStorage.setItem(STORAGE_KEYS.whiteLabel, JSON.stringify({ ...acme, labelId: 'ghost' }));
    const { client } = server(404);
    expect(await fetchBrand(client, 'ghost')).toBe(DEFAULT_BRAND);
    expect(DEFAULT_BRAND.primaryColor).toBe(THEME.primaryColor);
    expect(localStorage.getItem(STORAGE_KEYS.whiteLabel)).toBeNull();
  });

  it('asks nothing for the default hosts', async () => {
    const { client, asked } = server();
    expect(await fetchBrand(client, null)).toBe(DEFAULT_BRAND);
    expect(asked).toEqual([]);
  });

  it('keeps the last known brand when the network fails', async () => {
    localStorage.setItem(STORAGE_KEYS.whiteLabel, JSON.stringify(acme));
    const { client } = server(503);
    expect(await fetchBrand(client, 'acme')).toMatchObject({ name: 'Acme Consórcios' });
  });

  it("ignores a colour that is not a colour and keeps Repasse's", async () => {
    const { client } = server(200, { ...acme, colors: { primary: 'url(javascript:alert(1))' } });
    expect((await fetchBrand(client, 'acme')).primaryColor).toBe(THEME.primaryColor);
  });

  it("applies the brand's name as the title and its favicon", () => {
    document.head.innerHTML = '<link rel="icon" type="image/svg+xml" href="/favicon.svg">';
    applyBrandToDocument({ ...DEFAULT_BRAND, name: 'Acme Consórcios', favicon: '/brands/acme.png', labelId: 'acme' });
    expect(document.title).toBe('Acme Consórcios');
    const icon = document.querySelector('link[rel="icon"]')!;
    expect(icon.getAttribute('href')).toBe('/brands/acme.png');
    expect(icon.getAttribute('type')).toBeNull();
    applyBrandToDocument(DEFAULT_BRAND);
    expect(document.title).toBe('Repasse');
    expect(document.querySelector('link[rel="icon"]')!.getAttribute('href')).toBe('/favicon.svg');
  });

  it('paints the page with the fetched brand', async () => {
    const { client } = server();
    const Probe = () => {
      const brand: Brand = useBrandLoader(client, 'acme');
      return (
        <BrandContext.Provider value={brand}>
          <BrandContext.Consumer>{(b) => <h1 style={{ color: b.primaryColor }}>{b.name}</h1>}</BrandContext.Consumer>
        </BrandContext.Provider>
      );
    };
    render(<Probe />);
    const heading = await screen.findByRole('heading', { name: 'Acme Consórcios' });
    expect(heading).toHaveStyle({ color: 'rgb(194, 65, 12)' });
    await waitFor(() => expect(document.title).toBe('Acme Consórcios'));
  });
});
