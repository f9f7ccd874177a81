import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort, launch, startServer } from './server.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('sign up by email → welcome → English + dark → reload keeps both → sign out', async () => {
  const srv = await startServer();
  const ctx = await browser.newContext({ locale: 'es-ES', viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  try {
    await page.goto(`${srv.base}/login`);
    await page.getByRole('button', { name: '¿Eres nuevo? Crea una cuenta' }).click();
    await page.getByLabel('Tu nombre').fill('Lucía');
    await page.getByLabel('Email').fill('lucia@example.com');
    await page.getByLabel('Contraseña').fill('password');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.getByText('Demasiado fácil de adivinar').waitFor(); // a weak password is refused, translated
    await page.getByLabel('Contraseña').fill('lluvia-de-otoño-7');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.getByRole('heading', { name: 'Bienvenido a Cash Control' }).waitFor();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('heading', { name: 'Hola, Lucía' }).waitFor();

    await page.goto(`${srv.base}/config`);
    await page.locator('label', { hasText: 'Oscuro' }).click();
    await page.getByLabel('Idioma', { exact: true }).first().click();
    await page.getByRole('option', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Guardar' }).first().click();
    await page.getByRole('heading', { name: 'Configuration' }).waitFor();
    assert.equal(await page.getAttribute('html', 'data-mantine-color-scheme'), 'dark');

    await page.reload();
    await page.getByRole('heading', { name: 'Configuration' }).waitFor();
    assert.equal(await page.getAttribute('html', 'data-mantine-color-scheme'), 'dark');
    assert.equal(await page.getAttribute('html', 'lang'), 'en');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(`${srv.base}/login`);
    await page.goto(`${srv.base}/movements`);
    await page.waitForURL(`${srv.base}/login`);

    // Signing in again brings the stored preferences back, on the page that sent the user to sign in.
    await page.getByLabel('Email').fill('lucia@example.com');
    await page.getByLabel(/Password|Contraseña/).fill('lluvia-de-otoño-7');
    await page.getByRole('button', { name: /Sign in|Iniciar sesión/ }).click();
    await page.getByRole('heading', { name: 'Movements', level: 1 }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/movements');
    assert.equal(await page.getAttribute('html', 'data-mantine-color-scheme'), 'dark');
  } finally {
    await ctx.close();
    await srv.stop();
  }
});

test('/signOut renders the configuration screen and its log-out action works', async () => {
  const srv = await startServer();
  const ctx = await browser.newContext({ locale: 'en-GB' });
  const page = await ctx.newPage();
  try {
    await page.request.post(`${srv.base}/api/v1/auth/signup`, {
      data: { email: 'out@example.com', password: 'mango-river-42', name: 'Out', languagePreference: 'SWITCH_TO_ENGLISH' },
    });
    await page.request.post(`${srv.base}/api/v1/me/welcome`, { data: { languagePreference: 'SWITCH_TO_ENGLISH', baseCurrency: 'EUR' } });
    await page.goto(`${srv.base}/signOut`);
    await page.getByRole('heading', { name: 'Appearance and language' }).waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${srv.base}/login`);
    const me = await page.request.get(`${srv.base}/api/v1/me`);
    assert.equal(me.status(), 401);
  } finally {
    await ctx.close();
    await srv.stop();
  }
});

test('deleting the account asks for the password: a wrong one deletes nothing, the right one signs out for good', async () => {
  const srv = await startServer();
  const ctx = await browser.newContext({ locale: 'en-GB' });
  const page = await ctx.newPage();
  try {
    await page.request.post(`${srv.base}/api/v1/auth/signup`, {
      data: { email: 'leaving@example.com', password: 'mango-river-42', name: 'Leo', languagePreference: 'SWITCH_TO_ENGLISH' },
    });
    await page.request.post(`${srv.base}/api/v1/me/welcome`, { data: { languagePreference: 'SWITCH_TO_ENGLISH', baseCurrency: 'EUR' } });
    await page.goto(`${srv.base}/profile`);
    await page.getByRole('main').getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete my account' });
    await dialog.getByLabel('Type your email to confirm').fill('leaving@example.com');
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    assert.equal(await confirm.isDisabled(), true, 'no password typed yet');
    await dialog.getByLabel('Current password').fill('not-my-password');
    await confirm.click();
    await dialog.getByText('Does not match').waitFor();
    assert.equal((await page.request.get(`${srv.base}/api/v1/me`)).status(), 200, 'a wrong password deleted the account');

    await dialog.getByLabel('Current password').fill('mango-river-42');
    await confirm.click();
    await page.waitForURL(`${srv.base}/login`);
    assert.equal((await page.request.get(`${srv.base}/api/v1/me`)).status(), 401);
    const again = await page.request.post(`${srv.base}/api/v1/auth/login`, { data: { email: 'leaving@example.com', password: 'mango-river-42' } });
    assert.equal(again.status(), 401);
  } finally {
    await ctx.close();
    await srv.stop();
  }
});

const mockidp = process.env.CASHCONTROL_MOCKIDP || resolve(import.meta.dirname, '../../bin/mockidp');

test(
  'sign in with the provider button against a real OpenID Connect provider',
  { skip: !existsSync(mockidp) && !process.env.CI && 'bin/mockidp not built (make tools); required in CI' },
  async () => {
    const idp = spawn(mockidp, ['-email', 'oidc.user@example.com'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const line = await new Promise((res, rej) => {
      createInterface({ input: idp.stdout }).once('line', res);
      idp.once('exit', () => rej(new Error('mockidp exited')));
    });
    const cfg = JSON.parse(line);
    const port = await freePort();
    const srv = await startServer(
      {
        CASHCONTROL_ADDR: `127.0.0.1:${port}`,
        CASHCONTROL_BASE_URL: `http://127.0.0.1:${port}`,
        CASHCONTROL_OIDC_PROVIDERS: 'mock',
        CASHCONTROL_OIDC_MOCK_ISSUER: cfg.issuer,
        CASHCONTROL_OIDC_MOCK_CLIENT_ID: cfg.clientId,
        CASHCONTROL_OIDC_MOCK_CLIENT_SECRET: cfg.clientSecret,
        CASHCONTROL_OIDC_MOCK_NAME: 'Mock ID',
      },
      port,
    );
    const ctx = await browser.newContext({ locale: 'fr-FR' });
    const page = await ctx.newPage();
    try {
      await page.goto(`${srv.base}/login`);
      await page.getByRole('link', { name: 'Se connecter avec Mock ID' }).click();
      await page.getByRole('heading', { name: 'Bienvenue dans Cash Control' }).waitFor();
      const me = await (await page.request.get(`${srv.base}/api/v1/me`)).json();
      assert.equal(me.email, 'oidc.user@example.com');
      assert.equal(me.providerId, cfg.issuer);
      assert.equal(me.languagePreference, 'SWITCH_TO_FRENCH');

      // No password to ask for: a sign-in of the last 10 minutes confirms the deletion.
      await page.request.post(`${srv.base}/api/v1/me/welcome`, { data: { languagePreference: 'SWITCH_TO_FRENCH', baseCurrency: 'EUR' } });
      await page.goto(`${srv.base}/profile`);
      await page.getByRole('main').getByRole('button', { name: 'Supprimer mon compte' }).click();
      const dialog = page.getByRole('dialog', { name: 'Supprimer mon compte' });
      await dialog.getByText("Votre compte n'a pas de mot de passe").waitFor();
      await dialog.getByRole('button', { name: 'Se reconnecter' }).waitFor();
      await dialog.getByLabel('Saisissez votre email pour confirmer').fill('oidc.user@example.com');
      await dialog.getByRole('button', { name: 'Supprimer mon compte' }).click();
      await page.waitForURL(`${srv.base}/login`);
      assert.equal((await page.request.get(`${srv.base}/api/v1/me`)).status(), 401);
    } finally {
      await ctx.close();
      await srv.stop();
      idp.kill('SIGTERM');
    }
  },
);
