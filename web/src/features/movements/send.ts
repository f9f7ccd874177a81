import type { TFunction } from 'i18next';
import { useMe } from '@/shared/api/queries';
import { isOnline } from '@/shared/offline/online';
import { enqueue } from '@/shared/offline/queue';
import type { Movement } from '@/shared/api/types';
import { useMovementMutations, type NewMovement } from './api';

const LAST_ACCOUNT = 'cc.lastAccount';

/** The account the last new movement went to (preselected for the next one). */
export function rememberedAccount(): string | null {
  try {
    return localStorage.getItem(LAST_ACCOUNT);
  } catch {
    return null;
  }
}

export function rememberAccount(id: string) {
  try {
    localStorage.setItem(LAST_ACCOUNT, id);
  } catch {
    // not remembered
  }
}

/**
 * Sends a new movement with its Idempotency-Key, and says which rules
 * changed it. Offline, it is kept on this device with its key and sent when
 * the browser is back online. Online, a send whose answer is lost says so,
 * and saving again sends the same key: the server saves one key once. The
 * movement form and the quick-add box both save through this.
 */
export function useSendNewMovement() {
  const { create } = useMovementMutations();
  const me = useMe().data;
  /** made: the movement as saved (not called when it waits offline). */
  const send = async (body: NewMovement, key: string, made?: (m: Movement) => void): Promise<'queued' | string[]> => {
    if (!isOnline() && me?.uid) {
      await enqueue(me.uid, body, key, me.ledgerId);
      return 'queued';
    }
    const saved = await create.mutateAsync({ ...body, key });
    made?.(saved);
    return [...new Set((saved.rules ?? []).map((r) => r.ruleName))];
  };
  return { send, pending: create.isPending };
}

/** What a new movement's notice says: saved (and by which rules), or waiting to be sent. */
export function sentMessage(t: TFunction, sent: 'queued' | string[]): string {
  if (sent === 'queued') return t('offline.queued');
  return sent.length ? `${t('movements.created')} · ${t('import.byRules', { names: sent.join(', ') })}` : t('movements.created');
}
