import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { ledgerChanged, membersKey } from '@/shared/api/ledgers';
import { keys } from '@/shared/api/queries';
import type { ActivityList, InvitationInput, InvitationList, LedgerInput, MemberList, MemberRoleRequest, TransferRequest } from '@/shared/api/schema.gen';
import type { InvitationPreview, LedgerRole, Member, NewInvitation, UserLedger } from '@/shared/api/types';

// The ledgers' members and invitations (shared ledgers). The list of the user's
// ledgers and the switch between them are shared (@/shared/api/ledgers): the
// header's switcher needs them too.

const activityKey = (ledgerId: string) => [...keys.ledgers, ledgerId, 'activity'] as const;
const invitationsKey = (ledgerId: string) => [...keys.ledgers, ledgerId, 'invitations'] as const;

/** A ledger's activity, newest first, a page at a time (an event from the ledger refreshes it: it lives under the ledgers' key). */
export function useActivity(ledgerId: string) {
  return useInfiniteQuery({
    queryKey: activityKey(ledgerId),
    queryFn: ({ pageParam }) => api.get<ActivityList>(`/api/v1/ledgers/${ledgerId}/activity?limit=${ACTIVITY_PAGE}${pageParam ? `&before=${pageParam}` : ''}`),
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
    queryFn: async () => (await api.get<InvitationList>(`/api/v1/ledgers/${ledgerId}/invitations`)).items,
  });
}

/** Create, rename and delete ledgers. Deleting the current one makes the user's default ledger current again. */
export function useLedgerMutations() {
  const qc = useQueryClient();
  const list = () => qc.invalidateQueries({ queryKey: keys.ledgers });
  return {
    create: useMutation({
      mutationFn: (body: LedgerInput) => api.post<UserLedger>('/api/v1/ledgers', body),
      onSuccess: list,
    }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: string; name: string }) => api.patch<UserLedger>(`/api/v1/ledgers/${id}`, { name } satisfies LedgerInput),
      onSuccess: list,
    }),
    remove: useMutation({
      mutationFn: (l: UserLedger) => api.del(`/api/v1/ledgers/${l.id}`),
      onSuccess: (_, l) => (l.current ? ledgerChanged(qc, null) : list()),
    }),
  };
}

/** A ledger's members: change a role, remove someone, hand over ownership, leave. */
export function useMemberMutations(ledger: UserLedger) {
  const qc = useQueryClient();
  const id = ledger.id;
  // A role change, a removal or a transfer changes the member count and maybe the user's own role.
  const done = () => Promise.all([qc.invalidateQueries({ queryKey: keys.ledgers }), ledger.current ? qc.invalidateQueries({ queryKey: keys.me }) : undefined]);
  return {
    setRole: useMutation({
      mutationFn: ({ userId, role }: { userId: string; role: LedgerRole }) =>
        api.patch<Member>(`/api/v1/ledgers/${id}/members/${userId}`, { role } satisfies MemberRoleRequest),
      onSuccess: done,
    }),
    remove: useMutation({ mutationFn: (userId: string) => api.del(`/api/v1/ledgers/${id}/members/${userId}`), onSuccess: done }),
    transfer: useMutation({
      mutationFn: (userId: string) => api.post<MemberList>(`/api/v1/ledgers/${id}/transfer`, { userId } satisfies TransferRequest),
      onSuccess: (r) => {
        qc.setQueryData(membersKey(id), r.items);
        return done();
      },
    }),
    /** Leaving the current ledger makes the default one current: every screen reloads. */
    leave: useMutation({
      mutationFn: (userId: string) => api.del(`/api/v1/ledgers/${id}/members/${userId}`),
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
      mutationFn: (body: { email: string; role: LedgerRole }) =>
        api.post<NewInvitation>(`/api/v1/ledgers/${ledgerId}/invitations`, body satisfies InvitationInput),
      onSuccess: done,
    }),
    revoke: useMutation({ mutationFn: (invitationId: string) => api.del(`/api/v1/ledgers/${ledgerId}/invitations/${invitationId}`), onSuccess: done }),
  };
}

/** What an invitation's link says (404: unknown, used, expired or revoked; 403: for another email). */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: () => api.get<InvitationPreview>(`/api/v1/invitations/${encodeURIComponent(token)}`),
    retry: false,
    staleTime: 0,
  });
}

/** Accepting makes the invitation's ledger the current one: every screen reloads. */
export function useAcceptInvitation(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<UserLedger>(`/api/v1/invitations/${encodeURIComponent(token)}/accept`),
    onSuccess: (l) => ledgerChanged(qc, null, l.id),
  });
}
