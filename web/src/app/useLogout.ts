import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '@/shared/api/client';
import { keys } from '@/shared/api/queries';

/** Signs out: ends the server session, forgets every cached answer, goes to /login. */
export function useLogout() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      await api.post('/api/v1/auth/logout');
    } finally {
      qc.clear();
      qc.setQueryData(keys.me, null);
      void navigate('/login', { replace: true });
    }
  };
}
