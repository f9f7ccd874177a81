// A fake of the shared ledgers' API for the unit tests:
// the user's ledgers, their members and invitations, the current ledger, and
// each ledger's own accounts (so a test sees the screens follow the switch).
import type { Invitation } from '@/shared/api/schema.gen';
import type { Activity, LedgerRole, Member, UserLedger } from '@/shared/api/types';
import { api, mockFetch, user, type Handler } from './render';

export interface Write {
  method: string;
  url: string;
  body: unknown;
}

type Answer = { status: number; body?: unknown };

const member = (userId: string, name: string, email: string, role: LedgerRole, you = false): Member => ({
  userId,
  name,
  lastName: '',
  email,
  role,
  you,
  joinedAt: 1764000000000,
});

/** Ana (user 1) has her personal ledger "Ana", owns "Casa" with Luis, and edits "Piso" of Marta. */
export function sharedLedgers(options: { language?: string; role?: LedgerRole; override?: (w: Write) => Answer | undefined } = {}) {
  const state = {
    current: '1',
    ledgers: [
      { id: '1', name: 'Ana', baseCurrency: 'EUR', ecbRates: false, ecbFetchedAt: 0, role: 'owner', default: true, current: false, members: 1, owner: 'Ana' },
      { id: '2', name: 'Casa', baseCurrency: 'EUR', ecbRates: false, ecbFetchedAt: 0, role: 'owner', default: false, current: false, members: 2, owner: 'Ana' },
      {
        id: '3',
        name: 'Piso',
        baseCurrency: 'USD',
        ecbRates: false,
        ecbFetchedAt: 0,
        role: options.role ?? 'editor',
        default: false,
        current: false,
        members: 3,
        // Told apart by its owner only where a test says so (its name stays "Piso").
        owner: '',
      },
    ] as UserLedger[],
    members: {
      '1': [member('1', 'Ana', 'ana@example.com', 'owner', true)],
      '2': [member('1', 'Ana', 'ana@example.com', 'owner', true), member('7', 'Luis', 'luis@example.com', 'editor')],
      '3': [
        member('8', 'Marta', 'marta@example.com', 'owner'),
        member('1', 'Ana', 'ana@example.com', options.role ?? 'editor', true),
        member('9', 'Leo', 'leo@example.com', 'viewer'),
      ],
    } as Record<string, Member[]>,
    invitations: { '2': [{ id: '5', email: 'eva@example.com', role: 'viewer', createdAt: 1764000000000, expiresAt: 1764604800000, emailed: false }] } as Record<
      string,
      Invitation[]
    >,
    /** Each ledger's activity, newest first (ids descending, as the server pages it). */
    activity: {} as Record<string, Activity[]>,
    writes: [] as Write[],
  };
  const ledger = (id: string) => state.ledgers.find((l) => l.id === id);
  const me = () => ({
    ...user,
    languagePreference: options.language ?? 'SWITCH_TO_ENGLISH',
    ledgerId: state.current,
    ledgerRole: ledger(state.current)?.role ?? 'owner',
    defaultLedgerId: '1',
  });
  const listed = () => state.ledgers.map((l) => ({ ...l, current: l.id === state.current, members: state.members[l.id]?.length ?? 0 }));

  const handle: Handler = (url, init) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    if (method !== 'GET') {
      const w = { method, url, body };
      state.writes.push(w);
      const o = options.override?.(w);
      if (o) return o;
    }
    const path = url.split('?')[0]!;
    if (path === '/api/v1/me' && method === 'GET') return { status: 200, body: me() };
    if (path === '/api/v1/me/ledger' && method === 'PUT') {
      if (!ledger(body.ledgerId)) return { status: 404, body: { status: 404, code: 'not_found' } };
      state.current = body.ledgerId;
      return { status: 200, body: me() };
    }
    if (path === '/api/v1/currencies') return { status: 200, body: ['EUR', 'GBP', 'USD'].map((code) => ({ code, exponent: 2 })) };
    if (path === '/api/v1/accounts' && method === 'GET') {
      const name = ledger(state.current)?.name ?? '?';
      const account = { id: `a${state.current}`, name: `Account of ${name}`, type: 'bank', currency: 'EUR', openingBalance: 0, balance: 0, position: 1 };
      return { status: 200, body: { items: [{ ...account, archived: false, hasMovements: false }], nextCursor: null } };
    }
    if (path === '/api/v1/ledgers' && method === 'GET') return { status: 200, body: { items: listed(), nextCursor: null } };
    if (path === '/api/v1/ledgers' && method === 'POST') {
      const l: UserLedger = {
        id: '9',
        name: body.name,
        baseCurrency: body.baseCurrency ?? 'EUR',
        ecbRates: false,
        ecbFetchedAt: 0,
        role: 'owner',
        default: false,
        current: false,
        members: 1,
        owner: 'Ana',
      };
      state.ledgers.push(l);
      state.members['9'] = [member('1', 'Ana', 'ana@example.com', 'owner', true)];
      return { status: 201, body: l };
    }
    let m = /^\/api\/v1\/ledgers\/(\w+)$/.exec(path);
    if (m) {
      const l = ledger(m[1]!);
      if (!l) return { status: 404, body: { status: 404, code: 'not_found' } };
      if (method === 'PATCH') {
        l.name = body.name;
        return { status: 200, body: l };
      }
      if (method === 'DELETE') {
        if (l.default) return { status: 409, body: { status: 409, code: 'conflict' } };
        state.ledgers = state.ledgers.filter((x) => x !== l);
        if (state.current === l.id) state.current = '1';
        return { status: 204 };
      }
      return { status: 200, body: l };
    }
    m = /^\/api\/v1\/ledgers\/(\w+)\/members(?:\/(\w+))?$/.exec(path);
    if (m) {
      const list = state.members[m[1]!] ?? [];
      if (!m[2]) return { status: 200, body: { items: list } };
      const who = list.find((x) => x.userId === m![2]);
      if (!who) return { status: 404, body: { status: 404, code: 'not_found' } };
      if (method === 'PATCH') {
        who.role = body.role;
        return { status: 200, body: who };
      }
      state.members[m[1]!] = list.filter((x) => x !== who);
      if (who.you) state.ledgers = state.ledgers.filter((l) => l.id !== m![1]);
      return { status: 204 };
    }
    m = /^\/api\/v1\/ledgers\/(\w+)\/activity$/.exec(path);
    if (m) {
      const q = new URLSearchParams(url.split('?')[1] ?? '');
      const limit = Number(q.get('limit') ?? 50);
      const before = q.get('before');
      const all = (state.activity[m[1]!] ?? []).filter((a) => !before || Number(a.id) < Number(before));
      const items = all.slice(0, limit);
      return { status: 200, body: { items, nextCursor: all.length > limit ? items.at(-1)!.id : null } };
    }
    m = /^\/api\/v1\/ledgers\/(\w+)\/transfer$/.exec(path);
    if (m) {
      for (const x of state.members[m[1]!] ?? []) x.role = x.userId === body.userId ? 'owner' : x.you ? 'editor' : x.role;
      ledger(m[1]!)!.role = 'editor';
      return { status: 200, body: { items: state.members[m[1]!] } };
    }
    m = /^\/api\/v1\/ledgers\/(\w+)\/invitations(?:\/(\w+))?$/.exec(path);
    if (m) {
      const list = (state.invitations[m[1]!] ??= []);
      if (method === 'GET') return { status: 200, body: { items: list } };
      if (method === 'DELETE') {
        state.invitations[m[1]!] = list.filter((x) => x.id !== m![2]);
        return { status: 204 };
      }
      const inv = { id: '6', email: body.email, role: body.role, createdAt: 1764000000000, expiresAt: 1764604800000, emailed: false };
      list.push(inv);
      return { status: 201, body: { ...inv, token: 'tok-6', url: 'http://localhost/invitations/tok-6', emailed: body.email.startsWith('mail') } };
    }
    return undefined;
  };
  const fetch = mockFetch(api(me(), handle));
  return { state, fetch };
}
