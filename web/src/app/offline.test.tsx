import 'fake-indexeddb/auto';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queued } from '@/shared/offline/queue';
import { api, fixedLayout, mockFetch, renderApp, sample, user } from '@/test/render';

const { account, category, movement } = sample;
const posts: { key: string | null; body: unknown }[] = [];

function setOnline(on: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(on);
  act(() => void window.dispatchEvent(new Event(on ? 'online' : 'offline')));
}

beforeEach(() => {
  fixedLayout();
  posts.length = 0;
  mockFetch(
    api({ ...user, languagePreference: 'SWITCH_TO_ENGLISH' }, (url, init) => {
      if (url === '/api/v1/movements' && init?.method === 'POST') {
        posts.push({ key: new Headers(init.headers).get('Idempotency-Key'), body: JSON.parse(String(init.body)) });
        return { status: 201, body: { ...movement, id: '10', description: 'Offline coffee' } };
      }
      if (url === '/api/v1/accounts') return { status: 200, body: { items: [account], nextCursor: null } };
      if (url === '/api/v1/categories') return { status: 200, body: { items: [category], nextCursor: null } };
      if (url.startsWith('/api/v1/movements/totals')) return { status: 200, body: { count: 1, byCurrency: [] } };
      if (url.startsWith('/api/v1/movements')) return { status: 200, body: { items: [movement], nextCursor: null } };
      return undefined;
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('offline', () => {
  it('shows the banner, keeps changes off but adding, and sends a movement added offline once when back online', async () => {
    renderApp('/movements', 'en');
    await screen.findByRole('button', { name: /^Edit: Bakery/ });
    expect(screen.queryByText('Offline — showing the data last loaded')).toBeNull();

    setOnline(false);
    expect(await screen.findByRole('status')).toHaveTextContent('Offline — showing the data last loaded');
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /Select movement/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: /New movement/ }));
    const form = await screen.findByRole('form', { name: 'New movement' });
    await userEvent.type(within(form).getByLabelText(/Amount/), '2.40');
    await userEvent.type(within(form).getByLabelText('Description'), 'Offline coffee');
    await userEvent.click(within(form).getByLabelText(/Category/));
    await userEvent.click(await screen.findByRole('option', { name: category.name, hidden: true }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    const pending = await screen.findByRole('region', { name: '1 movement added offline' });
    expect(within(pending).getByText('Offline coffee')).toBeInTheDocument();
    expect(within(pending).getByText('Waiting to be sent')).toBeInTheDocument();
    expect(posts).toEqual([]);
    const [entry] = await queued(user.uid);
    expect(entry?.key).toMatch(/^[0-9a-f]{32}$/);

    setOnline(true);
    expect(await screen.findByText('The movement added offline was sent.')).toBeInTheDocument();
    expect(posts).toEqual([{ key: entry!.key, body: expect.objectContaining({ description: 'Offline coffee', amount: 240 }) }]);
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: /added offline/ })).toBeNull());
    expect(await queued(user.uid)).toEqual([]);
  });
});
