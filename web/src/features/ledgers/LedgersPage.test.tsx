import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Activity } from '@/shared/api/types';
import { sharedLedgers } from '@/test/sharedLedgers';
import { renderApp } from '@/test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  // The toasts are kept in one store for the whole file: at most a few show at once, the others wait.
  notifications.clean();
});

// jsdom lays nothing out, so floating-ui takes a menu's or a select's target
// for hidden and hides what opens (display: none): their items are looked up
// with hidden: true.
const hidden = { hidden: true } as const;

async function openActions(name: string) {
  await waitFor(() => expect(screen.queryByRole('menu', hidden)).toBeNull());
  await userEvent.click(await screen.findByRole('button', { name: `Actions: ${name}` }));
  return screen.findByRole('menu', hidden);
}

/** Chooses name in a select (its own list: every select of the page keeps one). */
async function pick(combobox: HTMLElement, name: string) {
  await userEvent.click(combobox);
  const list = document.getElementById(combobox.getAttribute('aria-controls') ?? '');
  if (!list) throw new Error('the select did not open');
  await userEvent.click(within(list).getByRole('option', { name, ...hidden }));
}

const rowOf = (name: string) => screen.getByText(name, { selector: 'p' }).closest('li')!;

describe('the Ledgers screen', () => {
  it('lists the ledgers with the role, the badges and the members; it is a section of Configuration', async () => {
    sharedLedgers();
    const { pathname } = renderApp('/config/ledgers', 'en');
    const list = await screen.findByRole('list', { name: 'Your ledgers' });
    await within(list).findByText('Casa');
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['AnaCurrentDefaultOwner · 1 member · EUR', 'CasaOwner · 2 members · EUR', 'PisoEditor · 3 members · USD']);
    const sections = screen.getByRole('navigation', { name: 'Configuration sections' });
    expect(within(sections).getByRole('link', { name: 'Ledgers' })).toHaveAttribute('aria-current', 'page');
    // The current ledger is chosen at first: its members are shown.
    expect(await screen.findByRole('heading', { name: 'Members of Ana' })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { pressed: true })).toBeInTheDocument();
    expect(pathname()).toBe('/config/ledgers');
  });

  it('does not delete the personal ledger, and says why; a ledger one only edits has no rename or delete', async () => {
    sharedLedgers();
    renderApp('/config/ledgers', 'en');
    await screen.findByRole('list', { name: 'Your ledgers' });
    const menu = await openActions('Ana');
    expect(within(menu).getByRole('menuitem', { name: 'Delete ledger', ...hidden })).toBeDisabled();
    expect(within(menu).getByText('Your personal ledger cannot be deleted.')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    const piso = await openActions('Piso');
    expect(
      within(piso)
        .getAllByRole('menuitem', hidden)
        .map((i) => i.textContent),
    ).toEqual(['Switch to this ledger']);
  });

  it('renames a ledger, and deletes it only once its name is typed', async () => {
    const { state } = sharedLedgers();
    renderApp('/config/ledgers', 'en');
    await screen.findByRole('list', { name: 'Your ledgers' });
    await userEvent.click(within(await openActions('Casa')).getByRole('menuitem', { name: 'Rename', ...hidden }));
    const rename = await screen.findByRole('dialog', { name: 'Rename Casa' });
    await userEvent.clear(within(rename).getByLabelText(/Name/));
    await userEvent.type(within(rename).getByLabelText(/Name/), 'Casa de campo');
    await userEvent.click(within(rename).getByRole('button', { name: 'Save' }));
    await screen.findByText('Casa de campo', { selector: 'p' });
    expect(state.writes).toEqual([{ method: 'PATCH', url: '/api/v1/ledgers/2', body: { name: 'Casa de campo' } }]);

    await userEvent.click(within(await openActions('Casa de campo')).getByRole('menuitem', { name: 'Delete ledger', ...hidden }));
    const ask = await screen.findByRole('dialog', { name: 'Delete Casa de campo?' });
    expect(ask).toHaveTextContent('deleted for every member');
    const confirm = within(ask).getByRole('button', { name: 'Delete Casa de campo' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(ask).getByLabelText('Type the ledger name to confirm'), 'Casa de campo');
    await userEvent.click(confirm);
    await waitFor(() => expect(state.writes.at(-1)).toEqual({ method: 'DELETE', url: '/api/v1/ledgers/2', body: null }));
    await waitFor(() => expect(screen.queryByText('Casa de campo', { selector: 'p' })).toBeNull());
  });

  it('creates a ledger with a name and a base currency, and shows it to invite people', async () => {
    const { state } = sharedLedgers();
    renderApp('/config/ledgers', 'en');
    await userEvent.click(await screen.findByRole('button', { name: 'New ledger' }));
    const dialog = await screen.findByRole('dialog', { name: 'New ledger' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create ledger' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^Name/), ' Viaje ');
    expect(within(dialog).getByRole('combobox', { name: /Main currency/ })).toHaveValue('EUR · Euro');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create ledger' }));
    await waitFor(() => expect(state.writes).toEqual([{ method: 'POST', url: '/api/v1/ledgers', body: { name: 'Viaje', baseCurrency: 'EUR' } }]));
    expect(await screen.findByRole('heading', { name: 'Members of Viaje' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Invite to Viaje' })).toBeInTheDocument();
  });

  it('lets an owner change a role, make someone owner and remove someone; the only owner cannot leave', async () => {
    const { state } = sharedLedgers();
    renderApp('/config/ledgers', 'en');
    await userEvent.click(within(await screen.findByRole('list', { name: 'Your ledgers' })).getByRole('button', { name: /^Casa/ }));
    const members = await screen.findByRole('list', { name: 'Members of Casa' });
    await within(members).findByText('luis@example.com');
    expect(screen.getByRole('button', { name: 'Leave ledger' })).toBeDisabled();
    expect(screen.getByText(/You are its only owner/)).toBeInTheDocument();

    await pick(within(members).getByRole('combobox', { name: 'Role of Luis' }), 'Viewer');
    await waitFor(() => expect(state.writes).toEqual([{ method: 'PATCH', url: '/api/v1/ledgers/2/members/7', body: { role: 'viewer' } }]));
    expect(await screen.findByText('Luis is now Viewer')).toBeInTheDocument();

    await userEvent.click(within(await openActions('Luis')).getByRole('menuitem', { name: 'Make owner', ...hidden }));
    const ask = await screen.findByRole('dialog', { name: 'Make Luis the owner?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Make owner' }));
    await waitFor(() => expect(state.writes.at(-1)).toEqual({ method: 'POST', url: '/api/v1/ledgers/2/transfer', body: { userId: '7' } }));
    // Ana is an editor of Casa now: roles are shown, not changed, and there is no invitation form.
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Invite to Casa' })).toBeNull());
    expect(within(members).queryByRole('combobox', { name: 'Role of Luis' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Leave ledger' })).toBeEnabled();
  });

  it('removes a member after asking', async () => {
    const { state } = sharedLedgers();
    renderApp('/config/ledgers', 'en');
    await userEvent.click(within(await screen.findByRole('list', { name: 'Your ledgers' })).getByRole('button', { name: /^Casa/ }));
    await userEvent.click(within(await openActions('Luis')).getByRole('menuitem', { name: 'Remove from ledger', ...hidden }));
    const ask = await screen.findByRole('dialog', { name: 'Remove Luis?' });
    expect(ask).toHaveTextContent('Luis will no longer see Casa.');
    await userEvent.click(within(ask).getByRole('button', { name: 'Remove from ledger' }));
    await waitFor(() => expect(state.writes).toEqual([{ method: 'DELETE', url: '/api/v1/ledgers/2/members/7', body: null }]));
    await waitFor(() => expect(screen.queryByText('luis@example.com')).toBeNull());
  });

  it('leaves a ledger one edits; the personal ledger cannot be left', async () => {
    const { state } = sharedLedgers();
    renderApp('/config/ledgers', 'en');
    await screen.findByRole('heading', { name: 'Members of Ana' });
    expect(await screen.findByRole('button', { name: 'Leave ledger' })).toBeDisabled();
    expect(screen.getByText('This is your personal ledger: you cannot leave it.')).toBeInTheDocument();

    await userEvent.click(within(screen.getByRole('list', { name: 'Your ledgers' })).getByRole('button', { name: /^Piso/ }));
    const members = await screen.findByRole('list', { name: 'Members of Piso' });
    await within(members).findByText('marta@example.com');
    // An editor sees the roles without changing them.
    expect(
      within(members)
        .getAllByText(/^(Owner|Editor|Viewer)$/)
        .map((b) => b.textContent),
    ).toEqual(['Owner', 'Editor', 'Viewer']);
    expect(within(members).queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Invite to Piso' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Leave ledger' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave Piso?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Leave ledger' }));
    await waitFor(() => expect(state.writes).toEqual([{ method: 'DELETE', url: '/api/v1/ledgers/3/members/1', body: null }]));
    await waitFor(() => expect(screen.queryByText('Piso', { selector: 'p' })).toBeNull());
  });

  it('invites by email with a role, shows the link once with a Copy button, and revokes a pending invitation', async () => {
    const { state } = sharedLedgers();
    renderApp('/config/ledgers', 'en');
    await userEvent.click(within(await screen.findByRole('list', { name: 'Your ledgers' })).getByRole('button', { name: /^Casa/ }));
    const pending = await screen.findByRole('list', { name: 'Pending invitations' });
    expect(within(pending).getByText('eva@example.com')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: /^Email/ }), 'luisa@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    await waitFor(() =>
      expect(state.writes).toEqual([{ method: 'POST', url: '/api/v1/ledgers/2/invitations', body: { email: 'luisa@example.com', role: 'editor' } }]),
    );
    expect(await screen.findByRole('textbox', { name: 'Invitation link' })).toHaveValue('http://localhost/invitations/tok-6');
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(screen.getByText('It works once and expires in 7 days. It is shown only now.')).toBeInTheDocument();
    expect(screen.queryByText(/We also emailed it/)).toBeNull();
    await within(pending).findByText('luisa@example.com');

    // A viewer this time, and the server emails the link too.
    await pick(screen.getByRole('combobox', { name: 'Role' }), 'Viewer');
    await userEvent.type(screen.getByRole('textbox', { name: /^Email/ }), 'mail@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('We also emailed it to mail@example.com.')).toBeInTheDocument();
    expect(state.writes.at(-1)?.body).toEqual({ email: 'mail@example.com', role: 'viewer' });

    await userEvent.click(within(pending).getByRole('button', { name: 'Revoke the invitation for eva@example.com' }));
    await waitFor(() => expect(state.writes.at(-1)).toEqual({ method: 'DELETE', url: '/api/v1/ledgers/2/invitations/5', body: null }));
    await waitFor(() => expect(within(pending).queryByText('eva@example.com')).toBeNull());
  });

  it('says the server’s refusal in the user’s language (403 forbidden)', async () => {
    sharedLedgers({
      language: 'SWITCH_TO_SPANISH',
      override: (w) => (w.method === 'PATCH' ? { status: 403, body: { status: 403, code: 'forbidden', detail: 'forbidden' } } : undefined),
    });
    renderApp('/config/ledgers', 'es');
    await userEvent.click(within(await screen.findByRole('list', { name: 'Tus libros' })).getByRole('button', { name: /^Casa/ }));
    const members = await screen.findByRole('list', { name: 'Miembros de Casa' });
    await pick(await within(members).findByRole('combobox', { name: 'Rol de Luis' }), 'Lector');
    expect(await screen.findByText('No tienes permiso para hacer eso.')).toBeInTheDocument();
    expect(rowOf('Casa')).toBeInTheDocument();
  });
});

describe('a ledger’s activity', () => {
  // Casa's history, newest first: 35 entries, so that the first page (30) leaves 5 for "Show older".
  const day = Date.UTC(2026, 10, 20, 9, 30);
  const entry = (id: number, at: number, rest: Partial<Activity>): Activity => ({
    id: String(id),
    at,
    userId: '1',
    userName: 'Ana',
    action: 'created',
    subject: 'movement',
    subjectId: String(id),
    count: 1,
    details: {},
    ...rest,
  });
  function history(): Activity[] {
    const recent: Activity[] = [
      entry(100, day + 5000, { details: { name: 'Mercadona', type: 'expense', amount: 4520, currency: 'EUR', date: '2026-11-19' } }),
      entry(99, day + 4000, {
        userId: '7',
        userName: 'Luis',
        action: 'updated',
        details: { name: '', type: 'earning', amount: 150000, currency: 'EUR', date: '2026-11-01' },
      }),
      entry(98, day + 3000, { action: 'imported', subjectId: '3', count: 240 }),
      entry(97, day + 2000, { userId: '7', userName: '', action: 'deleted', subjectId: null, count: 3 }),
      entry(96, day + 1000, {
        userId: null,
        userName: '',
        action: 'created',
        details: { name: 'Rent', type: 'expense', amount: 90000, currency: 'EUR', date: '2026-11-20' },
      }),
      entry(95, day, { action: 'recategorized', subjectId: null, count: 12, details: { name: 'Groceries' } }),
      entry(94, day - 86_400_000, { subject: 'account', details: { name: 'Joint account' } }),
      entry(93, day - 86_400_000, { subject: 'category', action: 'deleted', details: { name: 'Cinema' } }),
      entry(92, day - 86_400_000, {
        subject: 'member',
        action: 'role_changed',
        subjectId: '7',
        details: { name: 'Luis', email: 'luis@example.com', role: 'viewer' },
      }),
      entry(91, day - 86_400_000, { subject: 'invitation', action: 'invited', details: { email: 'eva@example.com', role: 'editor' } }),
      entry(90, day - 86_400_000, {
        userId: '7',
        userName: 'Luis',
        subject: 'member',
        action: 'joined',
        subjectId: '7',
        details: { name: 'Luis', role: 'editor' },
      }),
      entry(89, day - 86_400_000, { subject: 'ledger', action: 'renamed', details: { name: 'Casa' } }),
      entry(88, day - 86_400_000, { subject: 'movement', action: 'teleported' as Activity['action'] }),
    ];
    const older = Array.from({ length: 22 }, (_, i) => entry(87 - i, day - 10 * 86_400_000, { details: { name: `Older ${87 - i}` } }));
    return [...recent, ...older];
  }

  it('says who did what, by day, newest first, and shows older entries on demand', async () => {
    const { state } = sharedLedgers();
    state.activity['2'] = history();
    renderApp('/config/ledgers', 'en');
    await userEvent.click(within(await screen.findByRole('list', { name: 'Your ledgers' })).getByRole('button', { name: /^Casa/ }));
    const section = await screen.findByRole('region', { name: 'Activity in Casa' });
    await within(section).findByText('Ana added “Mercadona”');
    const lines = within(section)
      .getAllByRole('listitem')
      .map((li) => li.children[1]?.textContent); // after the time
    expect(lines.slice(0, 13)).toEqual([
      'Ana added “Mercadona”',
      'Luis changed “a movement”',
      'Ana imported 240 movements',
      'A former member deleted 3 movements',
      'Cash Control added “Rent”',
      'Ana moved 12 movements to “Groceries”',
      'Ana added the account “Joint account”',
      'Ana deleted the category “Cinema”',
      'Ana changed the role of Luis to viewer',
      'Ana invited eva@example.com as editor',
      'Luis joined as editor',
      'Ana renamed the ledger “Casa”',
      'Ana made a change',
    ]);
    // Amounts of single movements, signed, with the movement's date.
    const first = within(section).getAllByRole('listitem')[0]!;
    expect(first).toHaveTextContent('-€45.20');
    expect(first).toHaveTextContent('19 Nov 2026');
    // Days are headings: the 20th, the 19th, then the 10th (first page: 30 entries).
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Friday, 20 November 2026', 'Thursday, 19 November 2026', 'Tuesday, 10 November 2026']);
    expect(within(section).getAllByRole('listitem')).toHaveLength(30);
    expect(within(section).queryByText('Ana added “Older 70”')).toBeNull();
    await userEvent.click(within(section).getByRole('button', { name: 'Show older' }));
    expect(await within(section).findByText('Ana added “Older 66”')).toBeInTheDocument();
    expect(within(section).getAllByRole('listitem')).toHaveLength(35);
    expect(within(section).queryByRole('button', { name: 'Show older' })).toBeNull();
  });

  it('speaks the user’s language, and says when nothing happened yet', async () => {
    const { state } = sharedLedgers({ language: 'SWITCH_TO_SPANISH' });
    state.activity['2'] = history().slice(0, 3);
    renderApp('/config/ledgers', 'es');
    const section = await screen.findByRole('region', { name: 'Actividad en Ana' });
    expect(await within(section).findByText(/Aún no hay nada/)).toBeInTheDocument();
    await userEvent.click(within(await screen.findByRole('list', { name: 'Tus libros' })).getByRole('button', { name: /^Casa/ }));
    const casa = await screen.findByRole('region', { name: 'Actividad en Casa' });
    expect(await within(casa).findByText('Ana añadió «Mercadona»')).toBeInTheDocument();
    expect(within(casa).getByText('Luis cambió «un movimiento»')).toBeInTheDocument();
    expect(within(casa).getByText('Ana importó 240 movimientos')).toBeInTheDocument();
  });
});
