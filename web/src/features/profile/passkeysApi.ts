import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { keys } from '@/shared/api/queries';
import type { RenamePasskeyRequest } from '@/shared/api/schema.gen';
import type { Passkey } from '@/shared/api/types';
import { useSecurityChanged } from './api';

// The user's passkeys. Like the tokens, they belong to the person, not to
// the current ledger: the key lives under the user's.
const passkeysKey = [...keys.me, 'passkeys'] as const;

export function usePasskeys(enabled = true) {
  return useQuery({ queryKey: passkeysKey, queryFn: () => api.get<Passkey[]>('/api/v1/me/passkeys'), enabled });
}

/**
 * A new passkey: the server's options (go-webauthn's {publicKey}), the
 * browser's dialog (the device makes the key and verifies its user), then
 * the answer, named. The WebAuthn library loads on the click, not with the
 * page.
 */
async function register(name: string): Promise<Passkey> {
  const options = await api.post<{ publicKey: PublicKeyCredentialCreationOptionsJSON }>('/api/v1/me/passkeys/options');
  const { startRegistration } = await import('@simplewebauthn/browser');
  const credential = await startRegistration({ optionsJSON: options.publicKey });
  return api.post<Passkey>('/api/v1/me/passkeys', { name, credential });
}

/** Adding, renaming and removing a passkey: the list changes, and the security activity tells of it. */
export function usePasskeyMutations() {
  const qc = useQueryClient();
  const securityChanged = useSecurityChanged();
  const done = () => Promise.all([qc.invalidateQueries({ queryKey: passkeysKey }), securityChanged()]);
  return {
    add: useMutation({ mutationFn: register, onSuccess: done }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: string; name: string }) => api.patch<Passkey>(`/api/v1/me/passkeys/${id}`, { name } satisfies RenamePasskeyRequest),
      onSettled: done,
    }),
    // Settled, not only on success: a passkey removed elsewhere (404) leaves the list too.
    remove: useMutation({ mutationFn: (id: string) => api.del(`/api/v1/me/passkeys/${id}`), onSettled: done }),
  };
}
