import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, mockFetch, renderApp, setSessionHint, user } from '@/test/render';
import { browserLanguage, createI18n, languageOf, rememberLanguage, rememberedLanguage } from '@/shared/i18n';
import { dictionaries } from '@/shared/i18n/all';
import { schemeOf } from '@/shared/theme';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

function keysOf(o: object, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keysOf(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

describe('dictionaries', () => {
  it('have the same keys in es, en and fr, none empty', () => {
    const en = keysOf(dictionaries.en).sort();
    for (const [lang, d] of Object.entries(dictionaries)) {
      expect(keysOf(d).sort(), lang).toEqual(en);
      for (const k of keysOf(d)) {
        const v = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], d);
        expect(typeof v === 'string' && v.trim().length > 0, `${lang}: ${k} is empty`).toBe(true);
      }
    }
  });
  it('hold the seed menu keys', () => {
    for (const k of ['HOME', 'CATEGORIES', 'MOVEMENTS', 'INFORMS', 'DASHBOARD', 'CONFIGURATION', 'PROFILE', 'LOG_OUT', 'ABOUT', 'HELP_CENTER', 'CONTACT']) {
      expect(dictionaries.es).toHaveProperty(k);
    }
    expect(dictionaries.es.INFORMS).toBe('Informes');
    expect(dictionaries.en.INFORMS).toBe('Reports');
    expect(dictionaries.fr.INFORMS).toBe('Rapports');
  });
  it('group counts as the language writes numbers', () => {
    const say = (lng: 'es' | 'en' | 'fr') => createI18n(lng, dictionaries).t('movements.count', { count: 12345 });
    expect(say('en')).toBe('12,345 movements');
    expect(say('es')).toBe('12.345 movimientos');
    expect(say('fr').replace(/\s/g, ' ')).toBe('12 345 mouvements');
    expect(createI18n('en', dictionaries).t('movements.count', { count: 1 })).toBe('1 movement');
  });
});

describe('preferences', () => {
  it('unknown actions reset to Spanish and light, as the seed', () => {
    expect(languageOf('SWITCH_TO_KLINGON')).toBe('es');
    expect(languageOf('SWITCH_TO_FRENCH')).toBe('fr');
    expect(schemeOf('PURPLE')).toBe('light');
    expect(schemeOf('DARK_MODE')).toBe('dark');
  });
  it('the browser language picks es/en/fr, else Spanish', () => {
    expect(browserLanguage(['de-DE', 'fr-CA'])).toBe('fr');
    expect(browserLanguage(['de-DE', 'it'])).toBe('es');
    expect(browserLanguage(['en-US'])).toBe('en');
  });
  it('the language shown last wins over the browser’s on the next visit', () => {
    expect(rememberedLanguage()).toBe(browserLanguage());
    rememberLanguage('fr');
    expect(document.cookie).toContain('cc_lang=fr');
    expect(rememberedLanguage()).toBe('fr');
    rememberLanguage('en');
    expect(rememberedLanguage()).toBe('en');
  });
});

describe('route guards', () => {
  it('a protected route without a user goes to /login', async () => {
    mockFetch(api(null));
    const { pathname } = renderApp('/movements');
    expect(await screen.findByRole('heading', { name: 'Toma el control de tu dinero' })).toBeInTheDocument();
    expect(pathname()).toBe('/login');
  });
  it('without the session hint cookie, /login asks nothing about the user', async () => {
    setSessionHint(false);
    const fetch = mockFetch(api(user));
    const { pathname } = renderApp('/movements');
    expect(await screen.findByRole('heading', { name: 'Toma el control de tu dinero' })).toBeInTheDocument();
    expect(pathname()).toBe('/login');
    expect(fetch.mock.calls.map(([u]) => String(u))).not.toContain('/api/v1/me');
  });
  it('a 401 on a screen’s request (the session ended) goes to /login', async () => {
    const fetch = mockFetch(
      api(user, (url) => (url.startsWith('/api/v1/dashboard') ? { status: 401, body: { code: 'unauthorized', status: 401 } } : undefined)),
    );
    const { pathname } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Toma el control de tu dinero' })).toBeInTheDocument();
    expect(pathname()).toBe('/login');
    expect(fetch.mock.calls.map(([u]) => String(u))).toContain('/api/v1/me');
  });
  it('/login with a user goes to /', async () => {
    mockFetch(api(user));
    const { pathname } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Hola, Ana' })).toBeInTheDocument();
    expect(pathname()).toBe('/');
  });
  it('a screen that fails to render shows the router’s error screen, and leaving it recovers', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch(api(user, (url) => (url.startsWith('/api/v1/dashboard') ? { status: 200, body: { broken: true } } : undefined)));
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Navegación principal' })).not.toBeInTheDocument();
  });
  it('an unknown path shows Not Found', async () => {
    mockFetch(api(user));
    renderApp('/nope');
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeInTheDocument();
  });
  it('a first-time user sees the welcome screen', async () => {
    mockFetch(api({ ...user, firstTime: true }));
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Bienvenido a Cash Control' })).toBeInTheDocument();
  });
  it('applies the stored language before the first signed-in screen', async () => {
    mockFetch(api({ ...user, languagePreference: 'SWITCH_TO_FRENCH' }));
    renderApp('/about', 'es');
    expect(await screen.findByRole('heading', { name: 'À propos' })).toBeInTheDocument();
    expect(screen.getByText('Version 1.0')).toBeInTheDocument();
  });
  it('loads a language that is not loaded yet before the first signed-in screen', async () => {
    mockFetch(api({ ...user, languagePreference: 'SWITCH_TO_ENGLISH' }));
    renderApp('/about', 'es', { es: dictionaries.es });
    expect(await screen.findByRole('heading', { name: 'About' })).toBeInTheDocument();
    expect(screen.queryByText('Acerca de')).not.toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });
});

describe('sidebar', () => {
  it('lists the visible routes with dividers before the sixth entry and after the list', async () => {
    mockFetch(api(user));
    renderApp('/about');
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    const links = within(nav)
      .getAllByRole('link')
      .filter((a) => a.getAttribute('href')?.startsWith('/'))
      .map((a) => a.textContent);
    expect(links).toEqual(['Inicio', 'Categorías', 'Movimientos', 'Informes', 'Dashboard', 'Configuración', 'Acerca de']);
    const dividers = nav.querySelectorAll('[data-testid="nav-divider"]');
    expect(dividers).toHaveLength(2);
    const order = [...nav.querySelectorAll('*')]
      .filter((e) => (e.tagName === 'A' && e.getAttribute('href')?.startsWith('/')) || e.getAttribute('data-testid') === 'nav-divider')
      .map((e) => (e.tagName === 'A' ? e.textContent : '|'));
    expect(order).toEqual(['Inicio', 'Categorías', 'Movimientos', 'Informes', 'Dashboard', '|', 'Configuración', 'Acerca de', '|']);
  });
  it('shows the help card only when expanded, and toggles 200 px / 65 px', async () => {
    mockFetch(api(user));
    renderApp('/about');
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    expect(nav).toHaveStyle({ width: '200px' });
    expect(within(nav).getByText('Centro de ayuda')).toBeInTheDocument();
    expect(await within(nav).findByRole('link', { name: 'Contacto' })).toHaveAttribute('href', 'mailto:help@example.com');
    await userEvent.click(within(nav).getByRole('button', { name: 'Contraer el menú' }));
    expect(nav).toHaveStyle({ width: '65px' });
    expect(within(nav).queryByText('Centro de ayuda')).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Inicio' })).toBeInTheDocument();
  });
});

describe('start-up', () => {
  it('a failure to load the user shows a retryable error, and retry works', async () => {
    let fail = true;
    mockFetch(api(user, (url) => (url === '/api/v1/me' && fail ? { status: 500, body: { code: 'internal', status: 500 } } : undefined)));
    renderApp('/about');
    expect(await screen.findByRole('alert')).toHaveTextContent('No hemos podido cargar tu cuenta');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Acerca de' })).toBeInTheDocument();
  });
});

describe('login', () => {
  it('shows translated field errors from the server', async () => {
    mockFetch(
      api(null, (url) =>
        url === '/api/v1/auth/signup'
          ? {
              status: 400,
              body: {
                status: 400,
                code: 'invalid',
                errors: [
                  { field: 'password', code: 'weak' },
                  { field: 'email', code: 'taken' },
                ],
              },
            }
          : undefined,
      ),
    );
    renderApp('/login', 'en');
    await userEvent.click(await screen.findByRole('button', { name: 'New here? Create an account' }));
    await userEvent.type(screen.getByLabelText(/Email/), 'ana@example.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'password123');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(/Too easy to guess/)).toBeInTheDocument();
    expect(screen.getByText('Already in use')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields need attention.');
  });
  it('checks required fields before calling the server', async () => {
    const f = mockFetch(api(null));
    renderApp('/login', 'fr');
    await userEvent.click(await screen.findByRole('button', { name: 'Se connecter' }));
    expect(screen.getAllByText('Obligatoire')).toHaveLength(2);
    await waitFor(() => expect(f.mock.calls.some(([u]) => String(u).includes('/auth/login'))).toBe(false));
  });
  it('shows the rate-limit message', async () => {
    mockFetch(api(null, (url) => (url === '/api/v1/auth/login' ? { status: 429, body: { status: 429, code: 'rate_limited' } } : undefined)));
    renderApp('/login', 'es');
    await userEvent.type(await screen.findByLabelText(/Email/), 'a@b.co');
    await userEvent.type(screen.getByLabelText(/Contraseña/), 'whatever-long');
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiados intentos');
  });
});
