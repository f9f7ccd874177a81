import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, mockFetch, renderApp, user } from '@/test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  // The toasts are kept in one store for the whole file: at most a few show at once, the others wait.
  notifications.clean();
  sessionStorage.clear();
});

const me = { ...user, languagePreference: 'SWITCH_TO_ENGLISH', ledgerId: '1', ledgerRole: 'owner', defaultLedgerId: '1' };
const preview = { ledgerName: 'Casa', invitedBy: 'Luis Pérez', email: 'ana@example.com', role: 'editor', expiresAt: Date.UTC(2026, 0, 8) };
const casa = {
  id: '2',
  name: 'Casa',
  baseCurrency: 'EUR',
  ecbRates: false,
  ecbFetchedAt: 0,
  role: 'editor',
  default: false,
  current: true,
  members: 2,
  owner: 'Marta',
};

/** The invitation tok-1 answers as given; accepting it makes Casa current. */
function serve(
  answer: { status: number; body?: unknown } = { status: 200, body: preview },
  accept = { status: 200, body: casa as unknown },
  languagePreference = 'SWITCH_TO_ENGLISH',
) {
  const calls: string[] = [];
  let current = '1';
  mockFetch(
    api(me, (url, init) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url}`);
      if (url === '/api/v1/me' && method === 'GET')
        return { status: 200, body: { ...me, languagePreference, ledgerId: current, ledgerRole: current === '2' ? 'editor' : 'owner' } };
      if (url === '/api/v1/invitations/tok-1') return answer;
      if (url === '/api/v1/invitations/tok-1/accept') {
        if (accept.status === 200) current = '2';
        return accept;
      }
      if (url.startsWith('/api/v1/movements/totals')) return { status: 200, body: { count: 0, byCurrency: [] } };
      if (url.startsWith('/api/v1/movements')) return { status: 200, body: { items: [], nextCursor: null } };
      return undefined;
    }),
  );
  return calls;
}

describe('an invitation’s page', () => {
  it('says who invites to which ledger with what role; accepting makes it current and opens the movements', async () => {
    const calls = serve();
    const { pathname } = renderApp('/invitations/tok-1', 'en');
    expect(await screen.findByText('Luis Pérez invites you to the ledger “Casa”.')).toBeInTheDocument();
    expect(screen.getByText(/Your role: Editor\./)).toBeInTheDocument();
    expect(screen.getByText('The invitation expires on 8 January 2026.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(pathname()).toBe('/movements'));
    expect(calls).toContain('POST /api/v1/invitations/tok-1/accept');
    // The user (now in Casa) is asked for again.
    await waitFor(() => expect(calls.filter((c) => c === 'GET /api/v1/me')).toHaveLength(2));
    expect(await screen.findByText('You joined Casa: it is your current ledger')).toBeInTheDocument();
  });

  it('an unknown, used or expired invitation says so, with a way home', async () => {
    serve({ status: 404, body: { status: 404, code: 'not_found' } });
    renderApp('/invitations/tok-1', 'en');
    expect(await screen.findByText(/^This invitation does not exist, has already been used, was revoked or has expired\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
  });

  it('an invitation for another email address says so, before anyone presses Accept', async () => {
    serve({ status: 200, body: { ...preview, email: 'bea@example.com' } }, undefined, 'SWITCH_TO_SPANISH');
    renderApp('/invitations/tok-1', 'es');
    expect(
      await screen.findByText(
        'Esta invitación es para bea@example.com, otra dirección de correo. Has iniciado sesión como ana@example.com: inicia sesión con bea@example.com, o pide una invitación para esta dirección.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aceptar la invitación' })).toBeNull();
  });

  it('the server’s refusal of another address (403) says so too', async () => {
    serve(undefined, { status: 403, body: { status: 403, code: 'invitation_for_another_email' } });
    renderApp('/invitations/tok-1', 'en');
    await userEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText(/^This invitation is for another email address\. You are signed in as ana@example\.com/)).toBeInTheDocument();
  });

  it('a refusal on accepting (used meanwhile) is said on the page', async () => {
    serve(undefined, { status: 404, body: { status: 404, code: 'not_found' } }, 'SWITCH_TO_FRENCH');
    const { pathname } = renderApp('/invitations/tok-1', 'fr');
    await userEvent.click(await screen.findByRole('button', { name: 'Accepter l’invitation' }));
    expect(await screen.findByText(/^Cette invitation n’existe pas/)).toBeInTheDocument();
    expect(pathname()).toBe('/invitations/tok-1');
  });

  it('signed out, the link goes to /login and comes back to the invitation after signing in', async () => {
    let signedIn = false;
    mockFetch(
      api(null, (url, init) => {
        if (url === '/api/v1/me') return signedIn ? { status: 200, body: me } : { status: 401, body: { status: 401, code: 'unauthorized' } };
        if (url === '/api/v1/auth/login' && init?.method === 'POST') {
          signedIn = true;
          return { status: 200, body: me };
        }
        if (url === '/api/v1/invitations/tok-1') return { status: 200, body: preview };
        return undefined;
      }),
    );
    const { pathname } = renderApp('/invitations/tok-1', 'en');
    await screen.findByRole('heading', { name: 'Take control of your money' });
    expect(pathname()).toBe('/login');
    await userEvent.type(screen.getByLabelText(/^Email/), 'ana@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'mango-river-42');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Accept invitation' })).toBeInTheDocument();
    expect(pathname()).toBe('/invitations/tok-1');
  });

  it('signed out, a provider’s sign-in (which comes back to /) also returns to the invitation', async () => {
    sessionStorage.setItem('cc_return_to', '/invitations/tok-1');
    serve();
    const { pathname } = renderApp('/', 'en');
    expect(await screen.findByRole('button', { name: 'Accept invitation' })).toBeInTheDocument();
    expect(pathname()).toBe('/invitations/tok-1');
    expect(sessionStorage.getItem('cc_return_to')).toBeNull();
  });
});
