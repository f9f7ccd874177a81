import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queued, subscribeQueue, type QueuedMovement } from './queue';

const queueKey = (user: string) => ['offlineQueue', user] as const;

/** The signed-in user's movements added offline and not sent yet, oldest first (kept up to date as the queue changes). */
export function usePendingMovements(user: string): QueuedMovement[] {
  const qc = useQueryClient();
  useEffect(() => subscribeQueue(() => void qc.invalidateQueries({ queryKey: queueKey(user) })), [qc, user]);
  const { data } = useQuery({
    queryKey: queueKey(user),
    // No IndexedDB (a private window of some browsers): nothing was queued.
    queryFn: () => queued(user).catch(() => []),
    networkMode: 'always',
    staleTime: Infinity,
  });
  return data ?? [];
}
