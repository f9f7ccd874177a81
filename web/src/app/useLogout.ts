import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { keys, signOut } from '@/shared/api/queries';
import { clearOfflineData } from '@/shared/offline/cache';

/** Signs out: ends the server session, forgets every cached answer (the service worker's too), goes to /login. */
export function useLogout() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      await signOut();
    } finally {
      await clearOfflineData();
      qc.clear();
      qc.setQueryData(keys.me, null);
      void navigate('/login', { replace: true });
    }
  };
}
