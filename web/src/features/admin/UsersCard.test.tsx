import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminSecurityEvent, AdminUser } from '@/shared/api/types';
import { api, fixedLayout, mockFetch, renderApp, user } from '@/test/render';

beforeEach(() => fixedLayout()); // the reset link's textarea sizes itself to its text
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  notifications.clean();
});

// jsdom lays nothing out, so floating-ui takes a menu's target for hidden and
// hides what opens (display: none): its items are looked up with hidden: true.
const hidden = { hidden: true } as const;

const admin = { ...user, rol: 'Administrador', languagePreference: 'SWITCH_TO_ENGLISH', ledgerId: '1', ledgerRole: 'owner', defaultLedgerId: '1' };
const DAY = 86_400_000;
const created = Date.UTC(2026, 0, 5, 10, 0);

const ana: AdminUser = {
  id: '1',
  name: 'Ana',
  lastName: 'García',
  email: 'ana@example.com',
  rol: 'Administrador',
  providerId: 'Email',
  createdAt: created,
  lastSignInAt: created + DAY,
  movements: 12345,
  disabled: false,
  twoFactor: true,
  you: true,
};
const bea: AdminUser = {
  id: '2',
  name: 'Bea',
  lastName: '',
  email: 'bea@example.com',
  rol: 'Usuario',
  providerId: 'google.com',
  createdAt: created + 2 * DAY,
  lastSignInAt: null,
  movements: 0,
  disabled: false,
  twoFactor: false,
  you: false,
};

type Write = { method: string; url: string; body: unknown };

/** The administration's server: users that PATCH changes (or answers `refuse`), and a log of the writes. */
function server({ me = admin, refuse }: { me?: typeof admin; refuse?: { status: number; body: unknown } } = {}) {
  let users = [ana, bea];
  const writes: Write[] = [];
  const events: AdminSecurityEvent[] = [
    {
      id: '2',
      kind: 'account_disabled',
      detail: 'ana@example.com',
      at: created + 3 * DAY,
      ip: '203.0.113.9',
      userAgent: '',
      userId: '2',
      email: 'bea@example.com',
    },
    { id: '1', kind: 'sign_in', detail: 'password', at: created + DAY, ip: '203.0.113.7', userAgent: '', userId: '1', email: 'ana@example.com' },
  ];
  const fetch = mockFetch(
    api(me, (url, init) => {
      const method = init?.method ?? 'GET';
      if (method !== 'GET') writes.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/v1/admin/users') return { status: 200, body: users };
      if (url === '/api/v1/admin/settings') return { status: 200, body: { signupEnabled: true } };
      if (url.startsWith('/api/v1/admin/security-events')) return { status: 200, body: events };
      const m = /^\/api\/v1\/admin\/users\/(\w+)$/.exec(url);
      if (m && method === 'PATCH') {
        if (refuse) return refuse;
        const patch = JSON.parse(String(init?.body)) as Partial<AdminUser>;
        users = users.map((u) => (u.id === m[1] ? { ...u, ...patch } : u));
        return { status: 200, body: users.find((u) => u.id === m[1]) };
      }
      if (url === '/api/v1/admin/users/2/password-reset' && method === 'POST')
        return { status: 201, body: { url: '/login/reset?token=tok-abc', expiresAt: created + 4 * DAY } };
      return undefined;
    }),
  );
  return { writes, fetch };
}

async function openActions(name: string) {
  await waitFor(() => expect(screen.queryByRole('menu', hidden)).toBeNull());
  await userEvent.click(await screen.findByRole('button', { name: `Actions: ${name}` }));
  return screen.findByRole('menu', hidden);
}

const usersTable = async () => within(await screen.findByRole('table', { name: 'Users' }));

describe('the administration’s users', () => {
  it('lists every user: name, email, badges, role, sign-in method, dates and movements; it is a section of Configuration', async () => {
    server();
    renderApp('/config/admin', 'en');
    const table = await usersTable();
    const rows = table.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [first, second] = rows.map((r) => within(r));
    expect(first!.getByText('Ana García')).toBeInTheDocument();
    expect(first!.getByText('ana@example.com')).toBeInTheDocument();
    expect(first!.getByText('You')).toBeInTheDocument();
    expect(first!.getByText('Two-step verification is on')).toBeInTheDocument();
    expect(first!.getByText('Administrator')).toBeInTheDocument();
    expect(first!.getByText('Email and password')).toBeInTheDocument();
    expect(first!.getByText('5 Jan 2026')).toBeInTheDocument();
    expect(first!.getByText('12,345')).toBeInTheDocument();
    expect(second!.getByText('Bea')).toBeInTheDocument();
    expect(second!.getByText('User')).toBeInTheDocument();
    expect(second!.getByText('google.com')).toBeInTheDocument();
    expect(second!.getByText('Never')).toBeInTheDocument();
    expect(second!.queryByText('Disabled')).toBeNull();
    const sections = screen.getByRole('navigation', { name: 'Configuration sections' });
    expect(within(sections).getByRole('link', { name: 'Administration' })).toHaveAttribute('aria-current', 'page');
    // Sign-ups and everyone's security activity, an administrator's change told in the third person.
    expect(screen.getByRole('switch', { name: 'Allow new accounts' })).toBeChecked();
    const activity = within(await screen.findByRole('table', { name: 'Security activity' }));
    expect(activity.getByText('Account disabled by ana@example.com')).toBeInTheDocument();
    expect(activity.getByText('Signed in with password')).toBeInTheDocument();
  });

  it('disables a user after a question that says their sessions end; the row then says Disabled and offers Enable', async () => {
    const { writes } = server();
    renderApp('/config/admin', 'en');
    await usersTable();
    await userEvent.click(within(await openActions('Bea')).getByRole('menuitem', { name: 'Disable', ...hidden }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable Bea?' });
    expect(within(dialog).getByText(/bea@example\.com is signed out everywhere at once/)).toBeInTheDocument();
    expect(writes).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(writes).toEqual([{ method: 'PATCH', url: '/api/v1/admin/users/2', body: { disabled: true } }]));
    expect(await screen.findByText('Bea is disabled')).toBeInTheDocument();
    const row = within((await usersTable()).getByText('bea@example.com').closest('tr')!);
    expect(row.getByText('Disabled')).toBeInTheDocument();
    expect(within(await openActions('Bea')).getByRole('menuitem', { name: 'Enable', ...hidden })).toBeInTheDocument();
  });

  it('the administrator’s own row cannot be disabled or lose its role, and says why', async () => {
    server();
    renderApp('/config/admin', 'en');
    await usersTable();
    const menu = within(await openActions('Ana García'));
    expect(menu.getByRole('menuitem', { name: 'Disable', ...hidden })).toBeDisabled();
    expect(menu.getByRole('menuitem', { name: 'Remove administrator', ...hidden })).toBeDisabled();
    expect(menu.getByText('You cannot disable your own account or remove your own administrator role.')).toBeInTheDocument();
    expect(menu.getByRole('menuitem', { name: 'Password-reset link', ...hidden })).toBeEnabled();
  });

  it('makes an administrator, and says the server’s refusal in words', async () => {
    const { writes } = server({ refuse: { status: 409, body: { status: 409, code: 'last_admin' } } });
    renderApp('/config/admin', 'en');
    await usersTable();
    await userEvent.click(within(await openActions('Bea')).getByRole('menuitem', { name: 'Make administrator', ...hidden }));
    await waitFor(() => expect(writes).toEqual([{ method: 'PATCH', url: '/api/v1/admin/users/2', body: { rol: 'Administrador' } }]));
    expect(await screen.findByText('There must always be an enabled administrator: make someone else an administrator first.')).toBeInTheDocument();
  });

  it('makes a password-reset link and shows it to copy (on this address: a server without a base URL answers a path), with until when it works', async () => {
    const { writes } = server();
    renderApp('/config/admin', 'en');
    await usersTable();
    await userEvent.click(within(await openActions('Bea')).getByRole('menuitem', { name: 'Password-reset link', ...hidden }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Password-reset link' }));
    expect(dialog.getByRole('textbox', { name: 'Reset link' })).toHaveValue(`${window.location.origin}/login/reset?token=tok-abc`);
    expect(dialog.getByText(/It works once, until 9 January 2026/)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(writes).toEqual([{ method: 'POST', url: '/api/v1/admin/users/2/password-reset', body: {} }]);
  });

  it('a phone shows a card per user instead of the table', async () => {
    // A 390 px wide window, as far as media queries tell.
    const media = window.matchMedia;
    window.matchMedia = ((query: string) => {
      const max = /max-width:\s*(\d+)px/.exec(query);
      return { ...media(query), matches: max ? 390 <= Number(max[1]) : false };
    }) as typeof window.matchMedia;
    try {
      server();
      renderApp('/config/admin', 'en');
      const list = within(await screen.findByRole('list', { name: 'Users' }));
      expect(list.getAllByRole('listitem')).toHaveLength(2);
      expect(list.getByText('Created on 5 Jan 2026 · 12,345 movements')).toBeInTheDocument();
      expect(list.getByText('Created on 7 Jan 2026 · 0 movements')).toBeInTheDocument();
      expect(list.getByText('Last sign-in: never')).toBeInTheDocument();
      expect(screen.queryByRole('table', { name: 'Users' })).toBeNull();
    } finally {
      window.matchMedia = media;
    }
  });

  it('a user who is not an administrator gets a clear message, no tab and no request to the administration', async () => {
    const { fetch } = server({ me: { ...admin, rol: 'Usuario' } });
    renderApp('/config/admin', 'en');
    expect(await screen.findByText('Only administrators can open the administration.')).toBeInTheDocument();
    const sections = screen.getByRole('navigation', { name: 'Configuration sections' });
    expect(within(sections).queryByRole('link', { name: 'Administration' })).toBeNull();
    expect(fetch.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/v1/admin'))).toEqual([]);
  });
});
