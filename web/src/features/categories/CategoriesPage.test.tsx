import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Category } from '@/shared/api/types';
import { api, mockFetch, renderApp, user } from '@/test/render';

// Counts the mutation hooks that are mounted now: an effect counts each one
// once its component is committed, however often it renders (a render React
// starts again, after a screen's chunk arrives or under load, counts nothing).
const mounted = vi.hoisted(() => ({ mutations: 0 }));
vi.mock('@tanstack/react-query', async (importOriginal) => {
  const rq = await importOriginal<typeof import('@tanstack/react-query')>();
  const { useEffect } = await import('react');
  return {
    ...rq,
    useMutation: ((...args: Parameters<typeof rq.useMutation>) => {
      useEffect(() => {
        mounted.mutations++;
        return () => {
          mounted.mutations--;
        };
      }, []);
      return rq.useMutation(...args);
    }) as typeof rq.useMutation,
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const me = { ...user, languagePreference: 'SWITCH_TO_ENGLISH' };
const category = (id: number, parentId: number | null, position: number): Category => ({
  id: String(id),
  name: `Category ${id}`,
  parentId: parentId === null ? null : String(parentId),
  position,
  type: 'expense',
  color: 'blue',
  icon: 'dots',
  archived: false,
});
// n parents with two children each.
const categories = (n: number) =>
  Array.from({ length: n }, (_, i) => [
    category(100 * (i + 1), null, i + 1),
    category(100 * (i + 1) + 1, 100 * (i + 1), 1),
    category(100 * (i + 1) + 2, 100 * (i + 1), 2),
  ]).flat();

function serve(items: Category[], writes: { method: string; url: string; body: unknown }[] = []) {
  mockFetch(
    api(me, (url, init) => {
      if (url === '/api/v1/categories' && (!init?.method || init.method === 'GET')) return { status: 200, body: { items, nextCursor: null } };
      if (init?.method && init.method !== 'GET') {
        writes.push({ method: init.method, url, body: init.body ? JSON.parse(String(init.body)) : null });
        return url.endsWith('/order') ? { status: 204 } : { status: 409, body: { status: 409, code: 'conflict' } };
      }
      return undefined;
    }),
  );
}

describe('categories screen', () => {
  it('sets up its mutations once for the list, not once per row', async () => {
    const count = async (n: number) => {
      mounted.mutations = 0;
      serve(categories(n));
      const { unmount } = renderApp('/categories', 'en');
      await screen.findByRole('button', { name: `Actions: Category ${n * 100 + 2}` });
      const seen = mounted.mutations;
      unmount();
      vi.unstubAllGlobals();
      return seen;
    };
    const few = await count(1);
    const many = await count(6);
    expect(many).toBe(few);
  });

  it('reorders siblings and tells each failed archive', async () => {
    const writes: { method: string; url: string; body: unknown }[] = [];
    serve(categories(2), writes);
    renderApp('/categories', 'en');
    await userEvent.click(await screen.findByRole('button', { name: 'Move down: Category 101' }));
    await waitFor(() => expect(writes).toEqual([{ method: 'PUT', url: '/api/v1/categories/order', body: { ids: ['102', '101'] } }]));
    for (const [i, name] of ['Category 100', 'Category 200'].entries()) {
      // One menu at a time: the previous one has closed and its write has
      // gone out before the next row's menu opens (a slow CI machine may
      // still be closing it otherwise, and two Archive items would match).
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
      await userEvent.click(await screen.findByRole('button', { name: `Actions: ${name}` }));
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Archive' }));
      await waitFor(() => expect(writes.filter((w) => w.method === 'PATCH')).toHaveLength(i + 1));
    }
    await waitFor(() => expect(writes.filter((w) => w.method === 'PATCH').map((w) => w.url)).toEqual(['/api/v1/categories/100', '/api/v1/categories/200']));
    await waitFor(() => expect(screen.getAllByText(/./, { selector: '.mantine-Notification-description' })).toHaveLength(2));
  });
});
