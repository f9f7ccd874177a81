import { ApiProblem, api, isProblem, type RequestBody } from '../api/client';

// Movements added offline wait here, in IndexedDB (they outlive a reload or a
// closed tab), and are sent when the browser is online again, in the order
// they were added. Each keeps the Idempotency-Key it was given when it was
// added: the server applies one key once, so a send that is repeated (another
// tab, a reply lost on the way back) saves the movement only once.

/**
 * A movement waiting to be sent, with the user who added it (only theirs are
 * sent, and shown, to them) and the ledger it was added in: it goes there
 * even when the user has switched to another ledger meanwhile.
 */
export interface QueuedMovement {
  key: string;
  user: string;
  ledger?: string;
  body: RequestBody<'/api/v1/movements', 'post'>;
  queuedAt: number;
}

/** What a flush did: the movements sent, and those the server refused (with why). */
export interface FlushResult {
  sent: QueuedMovement[];
  refused: { entry: QueuedMovement; problem: ApiProblem }[];
}

const DB = 'cashcontrol-offline';
const STORE = 'movements';

let opened: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'key' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => {
      opened = null;
      reject(req.error ?? new Error('indexedDB'));
    };
  });
  return opened;
}

async function run<T>(mode: IDBTransactionMode, op: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const req = op(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(req.result);
    tx.onerror = () => reject(tx.error ?? new Error('indexedDB'));
    tx.onabort = () => reject(tx.error ?? new Error('indexedDB'));
  });
}

const listeners = new Set<() => void>();

/** Calls onChange whenever the queue changes (in this tab). */
export function subscribeQueue(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

function changed() {
  listeners.forEach((l) => l());
}

/** Keeps a movement to send later, to the ledger it was added in. */
export async function enqueue(user: string, body: QueuedMovement['body'], key: string, ledger?: string): Promise<QueuedMovement> {
  const entry: QueuedMovement = { key, user, ledger, body, queuedAt: Date.now() };
  await run('readwrite', (s) => s.put(entry));
  changed();
  return entry;
}

/** The user's movements waiting to be sent, oldest first. */
export async function queued(user: string): Promise<QueuedMovement[]> {
  const all = await run('readonly', (s) => s.getAll() as IDBRequest<QueuedMovement[]>);
  return all.filter((e) => e.user === user).sort((a, b) => a.queuedAt - b.queuedAt);
}

async function remove(key: string): Promise<void> {
  await run('readwrite', (s) => s.delete(key));
  changed();
}

/**
 * Sends one queued movement to its ledger (the current one for an entry
 * without), with its first key, so the server saves it once however often it
 * is sent.
 */
export function sendMovement(entry: QueuedMovement): Promise<unknown> {
  const header = { 'Idempotency-Key': entry.key };
  return entry.ledger
    ? api.POST('/api/v1/ledgers/{ledgerId}/movements', { params: { path: { ledgerId: entry.ledger }, header }, body: entry.body })
    : api.POST('/api/v1/movements', { params: { header }, body: entry.body });
}

/** Whether a failed send is worth trying again later (no network, the server down or busy, the session ended). */
function retryable(p: ApiProblem): boolean {
  return p.status === 0 || p.status >= 500 || p.status === 401 || p.status === 403 || p.status === 408 || p.status === 429;
}

let flushing: Promise<FlushResult> | null = null;

/**
 * Sends the user's queued movements, oldest first, each removed once the
 * server has it. It stops at the first that cannot be sent now (offline, the
 * server unreachable, the session ended): that one and those after it wait
 * for the next flush. One the server refuses (it is no longer valid: its
 * account was deleted…) is removed and reported. Calls made while a flush
 * runs share it, and tabs take turns (Web Locks), so none is sent twice at
 * once.
 */
export function flushQueue(user: string, send: (e: QueuedMovement) => Promise<unknown> = sendMovement): Promise<FlushResult> {
  flushing ??= (async () => {
    const work = () => flushOnce(user, send);
    try {
      return typeof navigator !== 'undefined' && navigator.locks ? await navigator.locks.request('cc-offline-queue', work) : await work();
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

async function flushOnce(user: string, send: (e: QueuedMovement) => Promise<unknown>): Promise<FlushResult> {
  const result: FlushResult = { sent: [], refused: [] };
  for (const entry of await queued(user)) {
    try {
      await send(entry);
    } catch (e) {
      const problem = isProblem(e) ? e : new ApiProblem(0, 'network', String(e));
      if (retryable(problem)) break;
      await remove(entry.key);
      result.refused.push({ entry, problem });
      continue;
    }
    await remove(entry.key);
    result.sent.push(entry);
  }
  return result;
}
