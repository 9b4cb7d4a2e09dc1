/**
 * Management (issue 11) in Chromium against `npm start`: an operator creates a brand with its
 * colours and favicon and an administrator user for it; the administrator signs in on the brand's
 * host with the one-time password, is made to change it, sees the brand, and creates a user of its
 * own brand; the operator disables the administrator, and the administrator's open tab is sent to
 * the login on its next call.
 */
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite } from './support/suite';
import { listLoginUrl, logIn, openPage, tableRows, waitForRows } from './support/session';

const suite = browserSuite({ env: { SEED_SHARES: '200' } });

const BRAND = { name: 'Lúmen Consórcios', cnpj: '11.222.333/0001-81', labelId: 'lumen', primary: '#0B5F5A', secondary: '#E6F4F3' };
const ADMIN = { name: 'Lia Lúmen', email: 'lia@lumen.example' };
const COLLEAGUE = { name: 'Caio Lúmen', email: 'caio@lumen.example' };
const NEW_PASSWORD = 'Lia#Lumen2026!';

/** A real 16×16 PNG in the brand's primary colour (CRCs and all), built here rather than shipped. */
function png(hex: string): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const size = 16;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

const open = async (url: string) => {
  const session = await openPage(suite.browser, url);
  suite.sessions.push(session);
  return session.page;
};

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Fills the field whose label is `label` (antd Form.Item ties label and control). */
const fill = (page: Page, label: string, value: string) => page.getByLabel(label, { exact: true }).fill(value);

/** Picks `option` in the antd Select labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** Saves the record form and waits for its record page (the URL leaves `/novo`). */
async function save(page: Page) {
  await page.getByRole('button', { name: 'Salvar' }).click();
}

/** Reads the one-time password from the dialog shown after creating a user, and closes it. */
async function takeOneTimePassword(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Ela é mostrada somente esta vez', { exact: false }).waitFor({ timeout: 30_000 });
  const password = await dialog.locator('#one-time-password').inputValue();
  expect(password.length).toBeGreaterThanOrEqual(12);
  await dialog.getByRole('button', { name: 'Já copiei a senha' }).click();
  await dialog.waitFor({ state: 'hidden' });
  return password;
}

describe('brands and users, from the first operator to a disabled administrator', () => {
  let operator: Page;
  let admin: Page;
  let temporaryPassword = '';

  it('an operator creates a brand with its colours and favicon; a light colour is warned about, not blocked', async () => {
    operator = await open(listLoginUrl(suite.server.url));
    await logIn(operator, 'operador@repasse.dev');
    await waitForRows(operator);
    await operator.getByRole('link', { name: 'Administradoras' }).click();
    await operator.waitForURL((u) => u.pathname === '/administradoras');
    await waitForRows(operator);
    await operator.getByRole('button', { name: 'Nova administradora' }).click();
    await operator.waitForURL((u) => u.pathname === '/administradoras/novo');
    await operator.getByRole('heading', { name: 'Nova administradora' }).waitFor();

    await fill(operator, 'Nome', BRAND.name);
    await fill(operator, 'CNPJ', BRAND.cnpj);
    // A label the host rules would strip is refused on the field, in Portuguese.
    await fill(operator, 'Identificador da marca', 'demo-lumen');
    await operator.getByText('Não comece com demo-', { exact: false }).waitFor();
    await fill(operator, 'Identificador da marca', BRAND.labelId);
    await expect.poll(() => operator.getByText('Não comece com demo-', { exact: false }).count()).toBe(0);

    // White text on a pale primary fails AA: a warning, and the form still saves.
    await fill(operator, 'Cor primária', '#9FD8D3');
    await operator.getByText(/Contraste de [\d,]+:1/).waitFor();
    await fill(operator, 'Cor primária', BRAND.primary);
    await expect.poll(() => operator.getByText(/Contraste de [\d,]+:1/).count()).toBe(0);
    await fill(operator, 'Cor secundária', BRAND.secondary);

    await operator.locator('input[type="file"]').setInputFiles({ name: 'lumen.png', mimeType: 'image/png', buffer: png(BRAND.primary) });
    await operator.getByRole('img', { name: 'Ícone da marca' }).first().waitFor({ timeout: 30_000 });

    await save(operator);
    await operator.waitForURL((u) => /^\/administradoras\/\d+$/.test(u.pathname), { timeout: 30_000 });
    await operator.getByText(BRAND.name).first().waitFor();

    // The public white label of the new host answers at once, favicon inlined.
    const wl = (await (await fetch(`${suite.server.url}/api/white_label/get?labelId=${BRAND.labelId}`)).json()) as { name: string; colors: { primary: string }; favicon: string };
    expect(wl).toMatchObject({ name: BRAND.name, colors: { primary: BRAND.primary } });
    expect(wl.favicon).toMatch(/^data:image\/png;base64,/);
  });

  it('the operator creates an administrator for it and is shown the one-time password once', async () => {
    await operator.getByRole('link', { name: 'Usuários' }).click();
    await operator.waitForURL((u) => u.pathname === '/usuarios');
    await waitForRows(operator);
    await operator.getByRole('button', { name: 'Novo usuário' }).click();
    await operator.waitForURL((u) => u.pathname === '/usuarios/novo');
    await operator.getByRole('heading', { name: 'Novo usuário' }).waitFor();
    await fill(operator, 'Nome', ADMIN.name);
    await fill(operator, 'E-mail', ADMIN.email);
    await choose(operator, 'Perfil', 'Administrador');
    await choose(operator, 'Administradora', BRAND.name);
    await save(operator);
    temporaryPassword = await takeOneTimePassword(operator);
    await operator.waitForURL((u) => /^\/usuarios\/[0-9a-f-]{36}$/.test(u.pathname), { timeout: 30_000 });
    await operator.getByText(ADMIN.email).first().waitFor();
  });

  it("the administrator signs in on the brand's host, must change the password first, and sees the brand", async () => {
    const base = `http://${BRAND.labelId}.localhost:${suite.server.port}`;
    admin = await open(`${base}/`);
    await admin.getByText(BRAND.name).first().waitFor({ timeout: 30_000 });
    await logIn(admin, ADMIN.email, temporaryPassword);
    await admin.waitForURL((u) => u.pathname === '/primeiro-acesso', { timeout: 30_000 });
    await admin.getByLabel('Senha atual').fill(temporaryPassword);
    await admin.getByLabel('Nova senha', { exact: true }).fill(NEW_PASSWORD);
    await expect.poll(() => admin.locator('li[data-rule][data-met="false"]').count()).toBe(0);
    await admin.getByLabel('Confirme a nova senha', { exact: true }).fill(NEW_PASSWORD);
    await admin.getByRole('button', { name: 'Alterar senha e continuar' }).click();
    await admin.waitForURL((u) => u.pathname === '/painel', { timeout: 30_000 });

    // The brand: its name in the title, its favicon, its primary colour on the selected menu entry.
    await expect.poll(() => admin.title()).toContain(BRAND.name);
    expect(await admin.locator('link[rel~="icon"]').getAttribute('href')).toMatch(/^data:image\/png;base64,/);
    const selected = admin.locator('.ant-menu-item-selected').first();
    await selected.waitFor();
    const colour = await selected.evaluate((el) => getComputedStyle(el).backgroundColor + ' ' + getComputedStyle(el).color);
    expect(colour).toMatch(/rgb\(11, 95, 90\)/);
    // A new brand has no shares: the dashboard's empty state, not an error or a wall of zeros.
    await admin.getByText('Ainda não há cotas na sua carteira').waitFor({ timeout: 30_000 });
  });

  it('the administrator creates a user of its own brand (profile and brand fixed)', async () => {
    await admin.getByRole('link', { name: 'Usuários' }).click();
    await admin.waitForURL((u) => u.pathname === '/usuarios');
    await waitForRows(admin);
    // Only its own brand's users are listed: itself.
    expect(await tableRows(admin).count()).toBe(1);
    await admin.getByRole('button', { name: 'Novo usuário' }).click();
    await admin.waitForURL((u) => u.pathname === '/usuarios/novo');
    await admin.getByRole('heading', { name: 'Novo usuário' }).waitFor();
    await fill(admin, 'Nome', COLLEAGUE.name);
    await fill(admin, 'E-mail', COLLEAGUE.email);
    await admin.getByText('Definido pelo seu perfil').first().waitFor();
    await save(admin);
    const password = await takeOneTimePassword(admin);
    expect(password).not.toBe(temporaryPassword);
    await admin.waitForURL((u) => /^\/usuarios\/[0-9a-f-]{36}$/.test(u.pathname), { timeout: 30_000 });
    await admin.getByText(COLLEAGUE.email).first().waitFor();
  });

  it("the operator disables the administrator, and the administrator's open tab goes to the login on its next call", async () => {
    await operator.getByRole('link', { name: 'Usuários' }).click();
    await operator.waitForURL((u) => u.pathname === '/usuarios');
    await operator.getByPlaceholder('Nome ou e-mail').fill(ADMIN.email);
    await operator.keyboard.press('Enter');
    await tableRows(operator).filter({ hasText: ADMIN.email }).first().waitFor({ timeout: 30_000 });
    await tableRows(operator).filter({ hasText: ADMIN.email }).first().getByText(ADMIN.name).click();
    await operator.waitForURL((u) => /^\/usuarios\/[0-9a-f-]{36}$/.test(u.pathname));
    await operator.getByRole('button', { name: 'Desativar' }).click();
    await operator.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
    await operator.getByText(`${ADMIN.name} desativado.`).waitFor({ timeout: 30_000 });

    // The administrator's tab is still open on its user page; its next call is refused and the app
    // leaves for the login.
    await admin.getByRole('link', { name: 'Listagem' }).click();
    await admin.waitForURL((u) => u.pathname === '/', { timeout: 30_000 });
    await admin.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(pathOf(admin)).toBe('/');
    // And it cannot sign in again.
    await logIn(admin, ADMIN.email, NEW_PASSWORD);
    await admin.getByText('Credenciais inválidas', { exact: false }).waitFor({ timeout: 30_000 });
  });
});
