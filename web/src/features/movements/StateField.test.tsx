import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { notifications } from '@mantine/notifications';
import { api, mockFetch, renderWithProviders, sample, user } from '@/test/render';
import { dictionaries } from '@/shared/i18n/all';
import type { Language } from '@/shared/i18n';
import { MovementForm } from './MovementForm';

// The full form's notes grow with their text (Mantine's autosize listens to document.fonts, which jsdom has not).
beforeAll(() => {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} }, configurable: true });
});
afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const movement = (state: 'uncleared' | 'cleared' | 'reconciled') => ({
  ...sample.movement,
  id: '5',
  type: 'expense' as const,
  state,
  baseAmount: 1250,
  toBaseAmount: null,
  baseEstimated: false,
  createdBy: null,
  createdAt: 0,
  updatedBy: null,
  updatedAt: 0,
});

function serve() {
  const patches: { url: string; body: Record<string, unknown> }[] = [];
  mockFetch(
    api(user, (url, init) => {
      if (url === '/api/v1/accounts') return { status: 200, body: { items: [sample.account] } };
      if (url === '/api/v1/categories') return { status: 200, body: { items: [sample.category] } };
      if (url.startsWith('/api/v1/movements/5') && init?.method === 'PATCH') {
        patches.push({ url, body: JSON.parse(String(init.body)) as Record<string, unknown> });
        if (!url.includes('confirm=true')) return { status: 409, body: { code: 'reconciled', status: 409 } };
        return { status: 200, body: movement('cleared') };
      }
      return undefined;
    }),
  );
  return patches;
}

describe.each<Language>(['es', 'en', 'fr'])('the movement form’s state (%s)', (lang) => {
  const d = dictionaries[lang];
  it('shows a reconciled movement as reconciled, and moving it back to cleared asks once more', async () => {
    const patches = serve();
    renderWithProviders(
      <MemoryRouter>
        <MovementForm movement={movement('reconciled')} />
      </MemoryRouter>,
      lang,
    );
    const group = await screen.findByRole('radiogroup', { name: d.movements.state });
    expect(screen.getByRole('radio', { name: d.movements.states.reconciled })).toBeChecked();
    expect(group).toHaveAccessibleDescription(d.movements.reconciledHint);
    await userEvent.click(screen.getByRole('radio', { name: d.movements.states.cleared }));
    await userEvent.click(screen.getByRole('button', { name: d.common.save }));
    expect(await screen.findByText(new RegExp(d.movements.reconciledConfirm.replace('?', '\\?')))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: d.movements.saveAnyway }));
    await waitFor(() => expect(patches.map((p) => p.url)).toEqual(['/api/v1/movements/5', '/api/v1/movements/5?confirm=true']));
    expect(patches[1]!.body.state).toBe('cleared');
    // The save ends (said as saved) before the test does: nothing of it runs after.
    expect(await screen.findByText(d.movements.created)).toBeInTheDocument();
  });

  it('offers no way to pick reconciled for a movement that is not', async () => {
    serve();
    renderWithProviders(
      <MemoryRouter>
        <MovementForm movement={movement('uncleared')} />
      </MemoryRouter>,
      lang,
    );
    await screen.findByRole('radiogroup', { name: d.movements.state });
    expect(screen.getByRole('radio', { name: d.movements.states.uncleared })).toBeChecked();
    expect(screen.getByRole('radio', { name: d.movements.states.reconciled })).toBeDisabled();
  });
});
