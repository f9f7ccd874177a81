import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiProblem } from '../api/client';
import { enqueue, flushQueue, queued, sendMovement, subscribeQueue, type QueuedMovement } from './queue';

const body = (description: string): QueuedMovement['body'] => ({
  type: 'expense',
  date: '2026-01-15',
  amount: 240,
  accountId: 'a1',
  categoryId: 'c1',
  description,
});

afterEach(async () => {
  // Empty the queue between tests: flush everyone's with a send that always works.
  for (const user of ['ana', 'bob']) await flushQueue(user, async () => undefined);
});

describe('offline queue', () => {
  it('OK: keeps movements per user, oldest first, and tells listeners', async () => {
    const changed = vi.fn();
    const stop = subscribeQueue(changed);
    await enqueue('ana', body('coffee'), 'k1');
    await enqueue('bob', body('not Ana’s'), 'k2');
    await enqueue('ana', body('bread'), 'k3');
    stop();
    expect(changed).toHaveBeenCalledTimes(3);
    expect((await queued('ana')).map((e) => [e.key, e.body.description])).toEqual([
      ['k1', 'coffee'],
      ['k3', 'bread'],
    ]);
  });

  it('OK: a movement goes to the ledger it was added in, whatever ledger is current when it is sent', async () => {
    const entry = await enqueue('ana', body('coffee'), 'k1', '7');
    expect(entry.ledger).toBe('7');
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify({ id: 'm1' }), { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    try {
      await sendMovement(entry);
      await sendMovement({ ...entry, ledger: undefined });
    } finally {
      vi.unstubAllGlobals();
    }
    expect(fetch.mock.calls.map(([url, init]) => [url, init.method, new Headers(init.headers).get('Idempotency-Key')])).toEqual([
      ['/api/v1/ledgers/7/movements', 'POST', 'k1'],
      ['/api/v1/movements', 'POST', 'k1'],
    ]);
  });

  it('OK: sends each once, with its key, and empties the queue', async () => {
    await enqueue('ana', body('coffee'), 'k1');
    await enqueue('ana', body('bread'), 'k2');
    const sent: string[] = [];
    const send = async (e: QueuedMovement) => void sent.push(e.key);
    // Two flushes at once (the online event and the frame opening) share one run.
    const [a, b] = await Promise.all([flushQueue('ana', send), flushQueue('ana', send)]);
    expect(a).toBe(b);
    expect(a.sent.map((e) => e.key)).toEqual(['k1', 'k2']);
    expect(sent).toEqual(['k1', 'k2']);
    expect(await queued('ana')).toEqual([]);
    expect((await flushQueue('ana', send)).sent).toEqual([]);
    expect(sent).toEqual(['k1', 'k2']);
  });

  it('ErrNetwork: stops at the first that cannot be sent and keeps it and the rest for later', async () => {
    await enqueue('ana', body('coffee'), 'k1');
    await enqueue('ana', body('bread'), 'k2');
    const send = vi.fn().mockRejectedValue(new ApiProblem(0, 'network', 'network error'));
    const r = await flushQueue('ana', send);
    expect(send).toHaveBeenCalledTimes(1);
    expect(r).toEqual({ sent: [], refused: [] });
    expect((await queued('ana')).map((e) => e.key)).toEqual(['k1', 'k2']);
  });

  it('ErrInvalid: a movement the server refuses is dropped and reported; the next is sent', async () => {
    await enqueue('ana', body('coffee'), 'k1');
    await enqueue('ana', body('bread'), 'k2');
    const send = vi
      .fn()
      .mockRejectedValueOnce(new ApiProblem(422, 'invalid', 'account gone'))
      .mockResolvedValueOnce({});
    const r = await flushQueue('ana', send);
    expect(r.refused.map((x) => [x.entry.key, x.problem.code])).toEqual([['k1', 'invalid']]);
    expect(r.sent.map((e) => e.key)).toEqual(['k2']);
    expect(await queued('ana')).toEqual([]);
  });

  it('ErrUnauthorized: the session ended; everything waits for the next sign-in', async () => {
    await enqueue('ana', body('coffee'), 'k1');
    const r = await flushQueue('ana', vi.fn().mockRejectedValue(new ApiProblem(401, 'unauthorized', '')));
    expect(r.sent).toEqual([]);
    expect(await queued('ana')).toHaveLength(1);
  });
});
