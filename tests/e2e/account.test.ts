/**
 * Account flows (issue 4) in Chromium against `npm start`, with the server's mail going to a real
 * SMTP server started here: a user recovers a forgotten password with the mailed code and signs in
 * with the new one; the expired-password user follows the login toast's link and changes it; the
 * first-access user must change the password before seeing the list.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startSmtpInbox, type SmtpInbox } from '../api/support/smtpInbox';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { DEMO_PASSWORD, logIn, openPage, type Session } from './support/session';

let inbox: SmtpInbox;
let server: RunningServer;
let browser: Browser;
const sessions: Session[] = [];

beforeAll(async () => {
  inbox = await startSmtpInbox();
  server = await startServer({ env: { SMTP_URL: inbox.url }, seeds: inject('seeds') });
  browser = await launchBrowser();
});

afterAll(async () => {
  await Promise.all(sessions.map((s) => s.context.close().catch(() => {})));
  await browser?.close();
  await server?.stop();
  await inbox?.close();
});

const open = async (path = '/') => {
  const session = await openPage(browser, `${server.url}${path}`);
  sessions.push(session);
  return session.page;
};

const pathOf = (page: Page) => new URL(page.url()).pathname;

async function setNewPassword(page: Page, password: string) {
  await page.getByLabel('Nova senha', { exact: true }).fill(password);
  // The policy ticks as the user types: every rule reads as met before the form is sent.
  await expect.poll(() => page.locator('li[data-rule][data-met="false"]').count()).toBe(0);
  await page.getByLabel('Confirme a nova senha', { exact: true }).fill(password);
}

/** Signed in: on the home page, the dashboard (issue 18), with its figures. */
async function expectSignedInHome(page: Page) {
  await page.waitForURL((url) => url.pathname === '/painel', { timeout: 30_000 });
  await page.getByRole('heading', { name: 'Cotas por situação' }).waitFor({ timeout: 30_000 });
}

describe('forgotten password', () => {
  it('a user gets the code by e-mail, sets a new password and signs in with it (the old one no longer works)', async () => {
    const email = 'beatriz@repasse.dev';
    const newPassword = 'Beatriz#Nova2026';
    const page = await open();
    await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
    await page.waitForURL((url) => url.pathname === '/esqueci-senha');
    await page.getByRole('heading', { name: 'Recuperar acesso' }).waitFor();

    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await page.getByText(/^Enviamos um código para b\*+/).waitFor();
    await expect.poll(() => page.getByRole('button', { name: /^Reenviar código em \d+ segundos?$/ }).isDisabled()).toBe(true);

    const mail = await inbox.next(email, 30_000);
    const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
    expect(code, mail.subject).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(code!);

    // A wrong code is said on the field; the right one opens the last step.
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('Código de verificação').fill(wrong);
    await page.getByRole('button', { name: 'Verificar código' }).click();
    await page.getByText('Código inválido ou expirado.').waitFor();
    await page.getByLabel('Código de verificação').fill(code!);
    await page.getByRole('button', { name: 'Verificar código' }).click();
    await page.getByText('Código confirmado. Crie sua nova senha.').waitFor();

    await setNewPassword(page, newPassword);
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await page.getByText('Senha alterada. Entre com a nova senha.').waitFor();
    expect(pathOf(page)).toBe('/');
    expect(await page.getByLabel('E-mail').inputValue()).toBe(email);

    await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByText('Credenciais inválidas. Falha na autenticação, tente novamente.').waitFor();

    await page.getByLabel('Senha', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expectSignedInHome(page);
  });
});

describe('expired password', () => {
  it("the login toast reads 'Senha expirada, clique aqui para alterar:' and its link leads to the change; the new password signs in", async () => {
    const email = 'senha.expirada@repasse.dev';
    const newPassword = 'Sergio#Nova2026';
    const page = await open();
    await logIn(page, email);
    const toast = page.locator('.ant-notification-notice', { hasText: 'Senha expirada, clique aqui para alterar:' });
    await toast.waitFor();
    expect((await toast.innerText()).replace(/\s+/g, ' ')).toContain('Senha expirada, clique aqui para alterar: Alterar senha');
    expect(pathOf(page)).toBe('/');

    // From the keyboard: the link takes the focus and Enter follows it.
    const link = toast.getByRole('link', { name: 'Alterar senha' });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/senha-expirada');
    expect(page.url()).toBe(`${server.url}/senha-expirada`);
    await page.getByRole('heading', { name: 'Senha expirada' }).waitFor();

    await setNewPassword(page, newPassword);
    await page.getByRole('button', { name: 'Alterar senha', exact: true }).click();
    await page.getByText('Senha alterada. Entre com a nova senha.').waitFor();
    expect(pathOf(page)).toBe('/');

    await logIn(page, email, newPassword);
    await expectSignedInHome(page);
  });
});

describe('first access', () => {
  it('the user must change the password before seeing the list, even by typing its address', async () => {
    const email = 'primeiro.acesso@repasse.dev';
    const newPassword = 'Paulo#Primeiro2026';
    const page = await open();
    await logIn(page, email);
    await page.waitForURL((url) => url.pathname === '/primeiro-acesso', { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Primeiro acesso' }).waitFor();

    await page.goto(`${server.url}/listagem`);
    await page.waitForURL((url) => url.pathname === '/primeiro-acesso');
    await page.getByRole('heading', { name: 'Primeiro acesso' }).waitFor();
    expect(await page.locator('.ant-table').count()).toBe(0);

    await page.getByLabel('Senha atual').fill(DEMO_PASSWORD);
    await setNewPassword(page, newPassword);
    await page.getByRole('button', { name: 'Alterar senha e continuar' }).click();
    await expectSignedInHome(page);

    // Nothing is left to change: a new session goes straight to the list with the new password.
    const again = await open();
    await logIn(again, email, newPassword);
    await expectSignedInHome(again);
  });
});
