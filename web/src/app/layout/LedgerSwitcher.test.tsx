import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sharedLedgers } from '@/test/sharedLedgers';
import { renderApp } from '@/test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  // The toasts are kept in one store for the whole file: at most a few show at once, the others wait.
  notifications.clean();
});

// jsdom lays nothing out, so floating-ui takes a menu's target for hidden and
// hides the open menu (display: none): its items are looked up with hidden: true.

describe('the header’s ledger switcher', () => {
  it('shows the current ledger, lists the others with their role, and switches without leaving the page', async () => {
    const { state } = sharedLedgers();
    const { pathname } = renderApp('/config', 'en');
    const button = await screen.findByRole('button', { name: 'Current ledger: Ana' });
    expect(await screen.findByText('Account of Ana')).toBeInTheDocument();

    await userEvent.click(button);
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem', { hidden: true });
    expect(items.map((i) => i.textContent)).toEqual(['AnaOwner', 'CasaOwner', 'PisoEditor', 'Manage ledgers']);
    expect(items[0]).toHaveAttribute('aria-current', 'true');
    expect(items[2]).not.toHaveAttribute('aria-current');
    expect(within(menu).getByRole('menuitem', { name: 'Manage ledgers', hidden: true })).toHaveAttribute('href', '/config/ledgers');

    await userEvent.click(items[2]!);
    await waitFor(() => expect(state.writes).toEqual([{ method: 'PUT', url: '/api/v1/me/ledger', body: { ledgerId: '3' } }]));
    // Every screen shows the chosen ledger: the accounts are asked for again, on the same page.
    expect(await screen.findByText('Account of Piso')).toBeInTheDocument();
    expect(screen.queryByText('Account of Ana')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Current ledger: Piso' })).toBeInTheDocument();
    expect(pathname()).toBe('/config');
  });

  it('tells a joined ledger from one’s own of the same name by its owner, in the menu, the button and the Ledgers list', async () => {
    const { state } = sharedLedgers();
    state.ledgers[2] = { ...state.ledgers[2]!, name: 'Ana', owner: 'Marta' };
    renderApp('/config/ledgers', 'en');
    // The page first: its screen loads after the header, and a menu opened meanwhile was seen closed by it on a busy machine.
    const list = await screen.findByRole('list', { name: 'Your ledgers' });
    expect(within(list).getByText('Ana — Marta')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Current ledger: Ana' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem', { hidden: true });
    expect(items.map((i) => i.textContent)).toEqual(['AnaOwner', 'CasaOwner', 'Ana — MartaEditor', 'Manage ledgers']);
    await userEvent.click(items[2]!);
    expect(await screen.findByRole('button', { name: 'Current ledger: Ana — Marta' })).toBeInTheDocument();
  });

  it('works from the keyboard', async () => {
    const { state } = sharedLedgers({ language: 'SWITCH_TO_SPANISH' });
    renderApp('/config', 'es');
    const button = await screen.findByRole('button', { name: 'Libro actual: Ana' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    // A browser puts the focus on the first item (the current ledger); jsdom,
    // which lays nothing out, cannot: the test does. The arrows walk the items.
    const [ana, casa] = within(menu).getAllByRole('menuitem', { hidden: true });
    ana!.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(casa).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(state.writes).toEqual([{ method: 'PUT', url: '/api/v1/me/ledger', body: { ledgerId: '2' } }]));
    expect(await screen.findByRole('button', { name: 'Libro actual: Casa' })).toBeInTheDocument();
    expect(await screen.findByText('Account of Casa')).toBeInTheDocument();
  });

  it('says why a switch failed, and stays on the ledger it was', async () => {
    sharedLedgers({ override: (w) => (w.url === '/api/v1/me/ledger' ? { status: 404, body: { status: 404, code: 'not_found' } } : undefined) });
    renderApp('/config', 'en');
    await userEvent.click(await screen.findByRole('button', { name: 'Current ledger: Ana' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Casa/, hidden: true }));
    expect(await screen.findByText('It no longer exists.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Current ledger: Ana' })).toBeInTheDocument();
  });
});
