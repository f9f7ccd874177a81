import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type RequestBody } from '@/shared/api/client';
import { ledgerChanged, membersKey } from '@/shared/api/ledgers';
import { keys } from '@/shared/api/queries';
import type { LedgerRole, UserLedger } from '@/shared/api/types';

// The ledgers' members and invitations (shared ledgers). The list of the user's
// ledgers and the switch between them are shared (@/shared/api/ledgers): the
// header's switcher needs them too.

const activityKey = (ledgerId: string) => [...keys.ledgers, ledgerId, 'activity'] as const;
const invitationsKey = (ledgerId: string) => [...keys.ledgers, ledgerId, 'invitations'] as const;

/** A ledger's activity, newest first, a page at a time (an event from the ledger refreshes it: it lives under the ledgers' key). */
export function useActivity(ledgerId: string) {
  return useInfiniteQuery({
    queryKey: activityKey(ledgerId),
    queryFn: ({ pageParam }) =>
      api.GET('/api/v1/ledgers/{ledgerId}/activity', { params: { path: { ledgerId }, query: { limit: ACTIVITY_PAGE, before: pageParam } } }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Entries per page of the activity. */
export const ACTIVITY_PAGE = 30;

/** The pending invitations (owners only: the server answers 403 to anyone else). */
export function useInvitations(ledgerId: string) {
  return useQuery({
    queryKey: invitationsKey(ledgerId),
    queryFn: async () => (await api.GET('/api/v1/ledgers/{ledgerId}/invitations', { params: { path: { ledgerId } } })).items,
  });
}

/** Create, rename and delete ledgers. Deleting the current one makes the user's default ledger current again. */
export function useLedgerMutations() {
  const qc = useQueryClient();
  const list = () => qc.invalidateQueries({ queryKey: keys.ledgers });
  return {
    create: useMutation({
      mutationFn: (body: RequestBody<'/api/v1/ledgers', 'post'>) => api.POST('/api/v1/ledgers', { body }),
      onSuccess: list,
    }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: string; name: string }) =>
        api.PATCH('/api/v1/ledgers/{ledgerId}', { params: { path: { ledgerId: id } }, body: { name } }),
      onSuccess: list,
    }),
    remove: useMutation({
      mutationFn: (l: UserLedger) => api.DELETE('/api/v1/ledgers/{ledgerId}', { params: { path: { ledgerId: l.id } } }),
      onSuccess: (_, l) => (l.current ? ledgerChanged(qc, null) : list()),
    }),
  };
}

/** Removes a member from a ledger (the user themself: leaves it). */
const removeMember = (ledgerId: string, userId: string) =>
  api.DELETE('/api/v1/ledgers/{ledgerId}/members/{userId}', { params: { path: { ledgerId, userId } } });

/** A ledger's members: change a role, remove someone, hand over ownership, leave. */
export function useMemberMutations(ledger: UserLedger) {
  const qc = useQueryClient();
  const id = ledger.id;
  // A role change, a removal or a transfer changes the member count and maybe the user's own role.
  const done = () => Promise.all([qc.invalidateQueries({ queryKey: keys.ledgers }), ledger.current ? qc.invalidateQueries({ queryKey: keys.me }) : undefined]);
  return {
    setRole: useMutation({
      mutationFn: ({ userId, role }: { userId: string; role: LedgerRole }) =>
        api.PATCH('/api/v1/ledgers/{ledgerId}/members/{userId}', { params: { path: { ledgerId: id, userId } }, body: { role } }),
      onSuccess: done,
    }),
    remove: useMutation({ mutationFn: (userId: string) => removeMember(id, userId), onSuccess: done }),
    transfer: useMutation({
      mutationFn: (userId: string) => api.POST('/api/v1/ledgers/{ledgerId}/transfer', { params: { path: { ledgerId: id } }, body: { userId } }),
      onSuccess: (r) => {
        qc.setQueryData(membersKey(id), r.items);
        return done();
      },
    }),
    /** Leaving the current ledger makes the default one current: every screen reloads. */
    leave: useMutation({
      mutationFn: (userId: string) => removeMember(id, userId),
      onSuccess: () => (ledger.current ? ledgerChanged(qc, null) : qc.invalidateQueries({ queryKey: keys.ledgers })),
    }),
  };
}

/** Invite by email (the answer holds the link, shown once) and revoke a pending invitation. */
export function useInvitationMutations(ledgerId: string) {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: invitationsKey(ledgerId) });
  return {
    invite: useMutation({
      mutationFn: (body: { email: string; role: LedgerRole }) => api.POST('/api/v1/ledgers/{ledgerId}/invitations', { params: { path: { ledgerId } }, body }),
      onSuccess: done,
    }),
    revoke: useMutation({
      mutationFn: (invitationId: string) => api.DELETE('/api/v1/ledgers/{ledgerId}/invitations/{id}', { params: { path: { ledgerId, id: invitationId } } }),
      onSuccess: done,
    }),
  };
}

/** What an invitation's link says (404: unknown, used, expired or revoked; 403: for another email). */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: () => api.GET('/api/v1/invitations/{token}', { params: { path: { token } } }),
    retry: false,
    staleTime: 0,
  });
}

/** Accepting makes the invitation's ledger the current one: every screen reloads. */
export function useAcceptInvitation(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.POST('/api/v1/invitations/{token}/accept', { params: { path: { token } } }),
    onSuccess: (l) => ledgerChanged(qc, null, l.id),
  });
}
