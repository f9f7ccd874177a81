import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { notifications } from '@mantine/notifications';
import { api, mockFetch, renderWithProviders, user } from '@/test/render';
import { dictionaries } from '@/shared/i18n/all';
import type { Language } from '@/shared/i18n';
import { MovementForm } from '../MovementForm';

// The OCR engine is not run here: the text it would give comes from the test.
const ocr = vi.hoisted(() => ({ text: '' }));
vi.mock('./ocr', () => ({
  warmUp: vi.fn(),
  recognize: vi.fn(async (_photo: Blob, progress?: (p: { stage: string; progress: number }) => void) => {
    progress?.({ stage: 'reading', progress: 0.5 });
    if (ocr.text === 'FAIL') throw new Error('the engine did not load');
    return ocr.text;
  }),
}));

beforeEach(() => {
  // jsdom has no document.fonts (the notes' autosizing).
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
});
afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const eur = { id: '1', name: 'Bank', type: 'bank', currency: 'EUR', openingBalance: 0, balance: 0, position: 1, archived: false, hasMovements: true };
const usd = { ...eur, id: '2', name: 'Travel card', currency: 'USD', position: 2 };
const groceries = { id: '10', name: 'Groceries', type: 'expense', parentId: null, color: '', icon: '', position: 1, archived: false };

const receipts: Record<Language, string> = {
  es: 'MERCADONA S.A.\nC/ Mayor, 12\nFecha: 03/11/2026 18:42\nLECHE 0,95\nTOTAL 12,34 €\nIVA 10% 1,12\nEFECTIVO 20,00',
  en: 'CORNER GROCERY\n120 Main Street\n2026-11-03 6:42 PM\nMILK 3.49\nSUBTOTAL 11.40\nTAX 0.94\nTOTAL 12.34 EUR\nTHANK YOU',
  fr: 'BOULANGERIE DUPONT\n12 rue de la Paix\nLe 03/11/2026 à 08:15\nBAGUETTE 1,10\nTOTAL HT 11,22\nTVA 10% 1,12\nTOTAL TTC 12,34 €\nMerci',
};

function server(posts: { url: string; body: unknown }[], suggested: string[]) {
  return api(user, (url, init) => {
    if (url === '/api/v1/accounts') return { status: 200, body: { items: [eur, usd] } };
    if (url === '/api/v1/categories') return { status: 200, body: { items: [groceries] } };
    if (url.startsWith('/api/v1/categories/suggest')) {
      const description = new URL(url, 'http://x').searchParams.get('description') ?? '';
      suggested.push(description);
      return { status: 200, body: { items: [{ categoryId: '10', confidence: 97, confident: true, word: 'grocery', count: 9, total: 10 }] } };
    }
    if (init?.method === 'POST' && url === '/api/v1/movements') {
      posts.push({ url, body: JSON.parse(String(init.body)) });
      return { status: 201, body: { id: '99', rules: [] } };
    }
    if (init?.method === 'POST' && url === '/api/v1/movements/99/attachments') {
      posts.push({ url, body: init.body });
      return { status: 201, body: { id: 'a1', name: 'ticket.jpg', contentType: 'image/jpeg', size: 3, thumbnail: true } };
    }
    return undefined;
  });
}

const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'ticket.jpg', { type: 'image/jpeg' });

async function pickPhoto(lang: Language) {
  const d = dictionaries[lang];
  await screen.findByRole('button', { name: d.receipt.read });
  const input = document.querySelector<HTMLInputElement>('input[type="file"][accept="image/*"]');
  if (!input) throw new Error('no file input');
  expect(input).toHaveAttribute('capture', 'environment');
  await userEvent.upload(input, photo());
  return screen.findByRole('dialog', { name: d.receipt.title });
}

describe.each<Language>(['es', 'en', 'fr'])('a receipt read into the movement form (%s)', (lang) => {
  it('shows what was read with the photo, takes a correction, prefills the form and attaches the photo on save', async () => {
    const d = dictionaries[lang];
    const posts: { url: string; body: unknown }[] = [];
    const suggested: string[] = [];
    ocr.text = receipts[lang];
    mockFetch(server(posts, suggested));
    renderWithProviders(
      <MemoryRouter>
        <MovementForm />
      </MemoryRouter>,
      lang,
    );
    const dialog = await pickPhoto(lang);
    expect(await within(dialog).findByRole('img', { name: d.receipt.photoAlt })).toHaveAttribute('src', expect.stringMatching(/^data:image\/jpeg;base64,/));
    const total = within(dialog).getByRole('textbox', { name: d.receipt.total });
    await waitFor(() => expect(total).toHaveValue(lang === 'en' ? '12.34' : '12,34'));
    expect(within(dialog).getByLabelText(d.receipt.date)).toHaveValue('2026-11-03');
    const shop = within(dialog).getByRole('textbox', { name: d.receipt.shop });
    expect(shop).toHaveValue(receipts[lang].split('\n')[0]);
    // The person corrects the shop.
    await userEvent.clear(shop);
    await userEvent.type(shop, 'Corner shop');
    await userEvent.click(within(dialog).getByRole('button', { name: d.receipt.use }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: d.receipt.title })).not.toBeInTheDocument());

    // The form: the total as the form writes amounts, the date, the shop as the description (the category suggestion runs on it).
    expect(screen.getByRole('textbox', { name: new RegExp(d.movements.amount) })).toHaveValue(lang === 'en' ? '12.34' : '12,34');
    expect(screen.getByLabelText(new RegExp(`^${d.movements.date}`))).toHaveValue('2026-11-03');
    expect(screen.getByRole('textbox', { name: d.movements.description })).toHaveValue('Corner shop');
    await waitFor(() => expect(suggested).toContain('Corner shop'));
    expect(screen.getByText(d.receipt.photo.replace('{{name}}', 'ticket.jpg'))).toBeInTheDocument();
    // Using the reading does not submit the movement form (the dialog is inside it in React's tree).
    expect(screen.queryByText(d.fieldErrors.required)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: d.common.save }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[0]?.body).toMatchObject({ type: 'expense', amount: 1234, date: '2026-11-03', description: 'Corner shop', accountId: '1', categoryId: '10' });
    expect(Number.isInteger((posts[0]?.body as { amount: number }).amount)).toBe(true);
    expect(posts[1]?.url).toBe('/api/v1/movements/99/attachments');
    expect(((posts[1]?.body as FormData).get('file') as File).name).toBe('ticket.jpg');
    expect(await screen.findByText(d.receipt.attached)).toBeInTheDocument();
  });
});

describe('what could not be read', () => {
  it('is left empty and said so, with the amounts on the receipt to pick the total from', async () => {
    const d = dictionaries.en;
    ocr.text = 'SUNRISE DINER\n03/04/2026\nPANCAKES 7.50\nCOFFEE 2.00';
    mockFetch(server([], []));
    renderWithProviders(
      <MemoryRouter>
        <MovementForm />
      </MemoryRouter>,
      'en',
    );
    const dialog = await pickPhoto('en');
    const total = within(dialog).getByRole('textbox', { name: d.receipt.total });
    await waitFor(() => expect(total).toBeEnabled());
    expect(total).toHaveValue('');
    expect(total).toHaveAccessibleDescription(d.receipt.check);
    // 03/04 on an English receipt without a currency: April 3rd or March 4th, so it is asked.
    expect(within(dialog).getByLabelText(d.receipt.date)).toHaveValue('');
    expect(within(dialog).getByLabelText(d.receipt.date)).toHaveAccessibleDescription(d.receipt.check);
    await userEvent.click(within(dialog).getByRole('button', { name: d.receipt.pickOne.replace('{{amount}}', '7.50') }));
    expect(total).toHaveValue('7.50');
  });

  it('says so when the photo could not be read, and the fields can still be typed', async () => {
    const d = dictionaries.es;
    ocr.text = 'FAIL';
    mockFetch(server([], []));
    renderWithProviders(
      <MemoryRouter>
        <MovementForm />
      </MemoryRouter>,
      'es',
    );
    const dialog = await pickPhoto('es');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(d.receipt.failed);
    const total = within(dialog).getByRole('textbox', { name: d.receipt.total });
    await userEvent.type(total, '7,5');
    await userEvent.click(within(dialog).getByRole('button', { name: d.receipt.use }));
    expect(await screen.findByRole('textbox', { name: new RegExp(d.movements.amount) })).toHaveValue('7,50');
  });

  it('puts a receipt in another currency on the account in that currency', async () => {
    const d = dictionaries.en;
    const posts: { url: string; body: unknown }[] = [];
    const suggested: string[] = [];
    ocr.text = 'CITY BOOKS\nNov 3, 2026\nBOOK 12.99\nGRAND TOTAL $21.49\nTHANK YOU';
    mockFetch(server(posts, suggested));
    renderWithProviders(
      <MemoryRouter>
        <MovementForm />
      </MemoryRouter>,
      'en',
    );
    const dialog = await pickPhoto('en');
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: d.receipt.total })).toHaveValue('21.49'));
    await userEvent.click(within(dialog).getByRole('button', { name: d.receipt.use }));
    expect(await screen.findByText(d.receipt.otherAccount.replace('{{currency}}', 'USD').replace('{{account}}', 'Travel card'))).toBeInTheDocument();
    await waitFor(() => expect(suggested).toContain('CITY BOOKS'));
    await userEvent.click(screen.getByRole('button', { name: d.common.save }));
    await waitFor(() => expect(posts.length).toBeGreaterThan(0));
    expect(posts[0]?.body).toMatchObject({ amount: 2149, accountId: '2', date: '2026-11-03', description: 'CITY BOOKS' });
  });
});
