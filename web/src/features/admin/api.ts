import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { keys } from '@/shared/api/queries';
import type { AdminSettingsRequest } from '@/shared/api/schema.gen';
import type { AdminSecurityEvent, AdminUser, AdminUserPatch, BackupRun, BackupStatus, InstanceSettings, Meta, PasswordResetLink } from '@/shared/api/types';

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
  return useQuery({ queryKey: usersKey, queryFn: () => api.get<AdminUser[]>('/api/v1/admin/users') });
}

export function useAdminSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: () => api.get<InstanceSettings>('/api/v1/admin/settings') });
}

export function useAdminSecurityEvents() {
  return useQuery({ queryKey: eventsKey, queryFn: () => api.get<AdminSecurityEvent[]>(`/api/v1/admin/security-events?limit=${ADMIN_EVENTS}`) });
}

/** The scheduled backups' settings and the last 10 backups taken, newest first. */
export function useBackups() {
  return useQuery({ queryKey: backupsKey, queryFn: () => api.get<BackupStatus>('/api/v1/admin/backups') });
}

/** "Back up now": the server answers once the file is written (seconds). A failed one is listed too, so the list reloads either way. */
export function useBackUpNow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<BackupRun>('/api/v1/admin/backups'),
    onSettled: () => qc.invalidateQueries({ queryKey: backupsKey }),
  });
}

/** Sign-ups on or off for every server; the login page's link (meta's signupEnabled) follows. */
export function useSetSignups() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (signupEnabled: boolean) => api.put<InstanceSettings>('/api/v1/admin/settings', { signupEnabled } satisfies AdminSettingsRequest),
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
    mutationFn: ({ id, patch }: { id: string; patch: AdminUserPatch }) => api.patch<AdminUser>(`/api/v1/admin/users/${id}`, patch),
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
    mutationFn: (id: string) => api.post<PasswordResetLink>(`/api/v1/admin/users/${id}/password-reset`),
    onSuccess: () => qc.invalidateQueries({ queryKey: eventsKey }),
  });
}
