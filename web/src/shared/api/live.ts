import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ledgerChanged, ledgerFree } from './ledgers';
import { keys, useMe } from './queries';

/** The data of the server's "change" and "removed" events (GET /api/v1/events). */
interface LedgerEvent {
  ledgerId: string;
  by?: string;
  role?: string;
}

/** An event as the tab that holds the stream passes it to the others. */
interface Relayed {
  uid: string;
  type: 'change' | 'removed';
  data: LedgerEvent;
}

/** How long a burst of changes is gathered before the screen refreshes once. */
const settle = 250;

const lockName = 'cashcontrol-events';

/** How long after the app starts the stream opens (ms). */
const openAfter = 1000;

/**
 * Opens the event stream in one tab only and hands every event to onEvent in
 * every tab. A browser keeps about six connections to a server over HTTP/1.1,
 * for all its tabs: a stream per tab would leave none after a few tabs. So
 * the tabs elect one (a Web Lock) to hold the stream and relay its events on
 * a BroadcastChannel; when that tab closes, another takes the lock and opens
 * the stream. Without Web Locks, each tab opens its own.
 */
function listen(uid: string, onEvent: (type: Relayed['type'], data: LedgerEvent) => void): () => void {
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(lockName);
  const relay = (e: MessageEvent<Relayed>) => {
    if (e.data?.uid === uid) onEvent(e.data.type, e.data.data);
  };
  channel?.addEventListener('message', relay);
  const open = (): (() => void) => {
    let source: EventSource | undefined;
    // Opened once the screen has loaded: its first requests get every connection.
    const later = setTimeout(() => {
      source = new EventSource('/api/v1/events');
      source.addEventListener('change', handler('change'));
      source.addEventListener('removed', handler('removed'));
    }, openAfter);
    const handler = (type: Relayed['type']) => (e: MessageEvent) => {
      let data: LedgerEvent;
      try {
        data = JSON.parse(String(e.data)) as LedgerEvent;
      } catch {
        return;
      }
      onEvent(type, data);
      channel?.postMessage({ uid, type, data } satisfies Relayed);
    };
    return () => {
      clearTimeout(later);
      source?.close();
    };
  };
  let close: (() => void) | undefined;
  let release: (() => void) | undefined;
  let stopped = false;
  const waiting = new AbortController();
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks && channel) {
    const held = new Promise<void>((resolve) => (release = resolve));
    void locks
      .request(lockName, { signal: waiting.signal }, () => {
        if (stopped) return undefined;
        close = open();
        return held;
      })
      .catch(() => undefined);
  } else {
    close = open();
  }
  return () => {
    stopped = true;
    waiting.abort();
    close?.();
    release?.();
    channel?.removeEventListener('message', relay);
    channel?.close();
  };
}

/**
 * Live updates: while signed in, the app follows the server's event stream.
 * When a member (another one, or this user elsewhere) changes the current
 * ledger, every query refetches once the burst settles (TanStack Query
 * refetches the ones on screen, the rest when next shown), and who the user
 * is when their role in it changed (demoted to viewer: read-only at once); a
 * change of another of the user's ledgers refreshes the list of ledgers;
 * losing the current ledger drops its answers, as a switch does (the server
 * falls back to the user's own). EventSource reconnects by itself after a
 * network error.
 */
export function useLiveUpdates() {
  const qc = useQueryClient();
  const { data: me } = useMe();
  const uid = me?.uid;
  // Read when an event comes: the stream stays open when they change.
  const current = useRef({ ledger: me?.ledgerId, role: me?.ledgerRole });
  useEffect(() => {
    current.current = { ledger: me?.ledgerId, role: me?.ledgerRole };
  }, [me?.ledgerId, me?.ledgerRole]);
  useEffect(() => {
    if (!uid || typeof EventSource === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      timer = undefined;
      // Everything of the ledger (not who the user is, the server's meta, the currencies).
      void qc.invalidateQueries({ predicate: (q) => !ledgerFree.has(q.queryKey[0]) });
    };
    const stop = listen(uid, (type, ev) => {
      const { ledger, role } = current.current;
      if (ev.ledgerId !== ledger) {
        void qc.invalidateQueries({ queryKey: keys.ledgers });
        return;
      }
      if (type === 'removed') {
        void ledgerChanged(qc, null);
        return;
      }
      if (ev.role && ev.role !== role) void qc.invalidateQueries({ queryKey: keys.me });
      timer ??= setTimeout(refresh, settle);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [qc, uid]);
}
