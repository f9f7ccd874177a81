import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { keys } from '@/shared/api/queries';
import type { AdminUser, AdminUserPatch, Meta } from '@/shared/api/types';

// The administration: the instance's users, its settings and everyone's
// security activity (administrators only: the server answers 403 to anyone else).
const adminKey = ['admin'] as const;
const usersKey = [...adminKey, 'users'] as const;
const settingsKey = [...adminKey, 'settings'] as const;
const eventsKey = [...adminKey, 'security-events'] as const;
const backupsKey = [...adminKey, 'backups'] as const;

/** How many of everyone's security events the administration shows. */
export const ADMIN_EVENTS = 100;

export function useAdminUsers() {
  return useQuery({ queryKey: usersKey, queryFn: () => api.GET('/api/v1/admin/users') });
}

export function useAdminSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: () => api.GET('/api/v1/admin/settings') });
}

export function useAdminSecurityEvents() {
  return useQuery({ queryKey: eventsKey, queryFn: () => api.GET('/api/v1/admin/security-events', { params: { query: { limit: ADMIN_EVENTS } } }) });
}

/** The scheduled backups' settings and the last 10 backups taken, newest first. */
export function useBackups() {
  return useQuery({ queryKey: backupsKey, queryFn: () => api.GET('/api/v1/admin/backups') });
}

/** "Back up now": the server answers once the file is written (seconds). A failed one is listed too, so the list reloads either way. */
export function useBackUpNow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.POST('/api/v1/admin/backups'),
    onSettled: () => qc.invalidateQueries({ queryKey: backupsKey }),
  });
}

/** Sign-ups on or off for every server; the login page's link (meta's signupEnabled) follows. */
export function useSetSignups() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (signupEnabled: boolean) => api.PUT('/api/v1/admin/settings', { body: { signupEnabled } }),
    onSuccess: (s) => {
      qc.setQueryData(settingsKey, s);
      qc.setQueryData<Meta>(keys.meta, (m) => (m ? { ...m, signupEnabled: s.signupEnabled } : m));
    },
  });
}

/**
 * A user's access: enable or disable, administrator or not. The answer
 * replaces the user's row at once; each change is a security event, and the
 * administrator's own rol may have changed (another administrator's doing).
 */
export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: AdminUserPatch }) =>
      api.PATCH('/api/v1/admin/users/{userId}', { params: { path: { userId: id } }, body: patch }),
    onSuccess: (u) => {
      qc.setQueryData<AdminUser[]>(usersKey, (list) => list?.map((x) => (x.id === u.id ? u : x)));
      return Promise.all([qc.invalidateQueries({ queryKey: usersKey }), qc.invalidateQueries({ queryKey: eventsKey })]);
    },
  });
}

/** A one-time link for the user to set a new password (24 hours; it replaces the user's unused ones). */
export function useResetLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.POST('/api/v1/admin/users/{userId}/password-reset', { params: { path: { userId: id } } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: eventsKey }),
  });
}
