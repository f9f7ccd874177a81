import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useInvalidateLedger, useUser } from '@/shared/api/queries';
import { useOnline } from '@/shared/offline/online';
import { flushQueue } from '@/shared/offline/queue';
import { notifyError, notifyOk } from '@/shared/ui/notify';
import { errorMessage } from '@/shared/ui/problems';

/**
 * Sends the movements added offline when the signed-in frame opens online and
 * each time the browser comes back online, and tells the user: how many were
 * sent, and each that the server refused, with why.
 */
export function useSendQueued() {
  const { t } = useTranslation();
  const online = useOnline();
  const { uid } = useUser();
  const invalidate = useInvalidateLedger();
  useEffect(() => {
    if (!online) return;
    let live = true;
    flushQueue(uid).then(
      ({ sent, refused }) => {
        if (sent.length) {
          notifyOk(t('offline.sent', { count: sent.length }));
          if (live) void invalidate();
        }
        for (const { entry, problem } of refused) {
          notifyError(
            t('offline.refused', { description: entry.body.description || t(`movements.types.${entry.body.type}`), problem: errorMessage(t, problem) }),
          );
        }
      },
      () => undefined, // no IndexedDB: nothing was queued
    );
    return () => {
      live = false;
    };
    // invalidate and t change with every render; the queue is sent once per coming online.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [online, uid]);
}
