import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cnpjDigits, labelIdFromHost, multipricesAllowed, personListWithDocuments } from '../../src/domain/whiteLabel';

describe('labelIdFromHost (SPEC §9): the default brand', () => {
  it.each([
    'localhost',
    'localhost:3000',
    'localhost:5173',
    'backoffice.x.com',
    'backoffice.repasse.com',
    'backoffice.repasse.com:443',
    'backoffice-dev.repasse.com',
    'backoffice-stg.repasse.com',
    'backoffice-sbx.repasse.com',
    'backoffice-dev.x.com:8080',
    'BACKOFFICE.Repasse.com',
    'LOCALHOST:3000',
    '127.0.0.1',
    '127.0.0.1:3000',
    '10.0.0.12:8080',
    '[::1]:3000',
    '[::1]',
    '',
    '   ',
    null,
    undefined,
  ])('%j -> default brand (null)', (host) => {
    expect(labelIdFromHost(host)).toBeNull();
  });
});

describe('labelIdFromHost (SPEC §9): a white label', () => {
  it.each([
    ['acme.repasse.com', 'acme'],
    ['acme.repasse.com:443', 'acme'],
    ['acme.localhost', 'acme'],
    ['acme.localhost:3000', 'acme'],
    ['orbita.localhost:3000', 'orbita'],
    ['demo-acme.repasse.com', 'acme'],
    ['demo2-acme.repasse.com', 'acme'],
    ['caas-acme.repasse.com', 'acme'],
    ['localhost-acme.repasse.com', 'acme'],
    ['acme-dev.repasse.com', 'acme'],
    ['acme-stg.repasse.com', 'acme'],
    ['acme-sbx.repasse.com', 'acme'],
    ['demo-acme-stg.repasse.com', 'acme'],
    ['demo2-acme-dev.repasse.com', 'acme'],
    ['caas-acme-sbx.repasse.com:8443', 'acme'],
    ['localhost-acme-dev.localhost:3000', 'acme'],
    ['ACME.Repasse.COM', 'acme'],
    ['Demo-ACME-STG.repasse.com', 'acme'],
    ['ACME.LOCALHOST:3000', 'acme'],
    ['  acme.repasse.com  ', 'acme'],
    ['minha-marca.repasse.com', 'minha-marca'],
    ['demo-minha-marca-stg.repasse.com', 'minha-marca'],
    ['acme', 'acme'],
  ])('%j -> %j', (host, label) => {
    expect(labelIdFromHost(host)).toBe(label);
  });

  it('only one prefix and one suffix are dropped', () => {
    expect(labelIdFromHost('demo-demo-acme.repasse.com')).toBe('demo-acme');
    expect(labelIdFromHost('acme-dev-stg.repasse.com')).toBe('acme-dev');
  });

  it('a prefix or suffix inside the label is kept', () => {
    expect(labelIdFromHost('acme-demo.repasse.com')).toBe('acme-demo');
    expect(labelIdFromHost('dev-acme.repasse.com')).toBe('dev-acme');
    expect(labelIdFromHost('acmedev.repasse.com')).toBe('acmedev');
  });

  it('only the first label counts', () => {
    expect(labelIdFromHost('acme.backoffice.repasse.com')).toBe('acme');
    expect(labelIdFromHost('acme.demo-orbita.com')).toBe('acme');
  });

  it('a label that is only a prefix and a suffix is the default brand', () => {
    expect(labelIdFromHost('demo--dev.repasse.com')).toBeNull();
  });

  it('property: any label, decorated with a prefix, suffix, case and port, resolves to itself', () => {
    const label = fc.stringMatching(/^[a-z][a-z0-9]{1,14}$/).filter((l) => !['localhost', 'backoffice'].includes(l));
    fc.assert(
      fc.property(
        label,
        fc.constantFrom('', 'demo-', 'demo2-', 'caas-', 'localhost-'),
        fc.constantFrom('', '-dev', '-stg', '-sbx'),
        fc.constantFrom('.repasse.com', '.localhost', '.x.com.br'),
        fc.constantFrom('', ':3000', ':443'),
        fc.boolean(),
        (l, prefix, suffix, domain, port, upper) => {
          const host = `${prefix}${l}${suffix}${domain}${port}`;
          expect(labelIdFromHost(upper ? host.toUpperCase() : host)).toBe(l);
        },
      ),
    );
  });
});

describe('personListWithDocuments (SPEC §6)', () => {
  const on = { configs: { allowMultiprices: false, displayDocumentsInBackoffice: true } };
  const off = { configs: { allowMultiprices: true, displayDocumentsInBackoffice: false } };
  it.each([
    ['fund', null, true],
    ['fund', off, true],
    ['fund', on, true],
    ['adm', on, true],
    ['operator', on, true],
    [null, on, true],
    ['adm', off, false],
    ['operator', off, false],
    ['adm', null, false],
    ['operator', undefined, false],
    [null, null, false],
  ] as const)('profile %j with %j -> %s', (profile, wl, expected) => {
    expect(personListWithDocuments(profile, wl)).toBe(expected);
  });
});

describe('multipricesAllowed (SPEC §6: both flags needed)', () => {
  const wl = (allowMultiprices: boolean) => ({ configs: { allowMultiprices, displayDocumentsInBackoffice: false } });
  it.each([
    [wl(true), { allowMultiprices: true }, true],
    [wl(true), { allowMultiprices: false }, false],
    [wl(false), { allowMultiprices: true }, false],
    [wl(false), { allowMultiprices: false }, false],
    [wl(true), {}, false],
    [wl(true), null, false],
    [wl(true), undefined, false],
    [null, { allowMultiprices: true }, false],
    [undefined, { allowMultiprices: true }, false],
  ])('brand %j and administrator %j -> %s', (brand, adm, expected) => {
    expect(multipricesAllowed(brand, adm)).toBe(expected);
  });
});

describe('cnpjDigits (SPEC §3: admIdByCnpj)', () => {
  it.each([
    ['11.222.333/0001-81', '11222333000181'],
    ['11222333000181', '11222333000181'],
    [' 11 222 333 0001 81 ', '11222333000181'],
    ['12.ABC.345/01DE-35', '12ABC34501DE35'],
    ['12.abc.345/01de-35', '12ABC34501DE35'],
    ['', ''],
  ])('%j -> %j', (cnpj, expected) => {
    expect(cnpjDigits(cnpj)).toBe(expected);
  });
});
