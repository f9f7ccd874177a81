import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { keys } from '@/shared/api/queries';
import type { Passkey } from '@/shared/api/types';
import { useSecurityChanged } from './api';

// The user's passkeys. Like the tokens, they belong to the person, not to
// the current ledger: the key lives under the user's.
const passkeysKey = [...keys.me, 'passkeys'] as const;

export function usePasskeys(enabled = true) {
  return useQuery({ queryKey: passkeysKey, queryFn: () => api.GET('/api/v1/me/passkeys'), enabled });
}

/**
 * A new passkey: the server's options (go-webauthn's {publicKey}), the
 * browser's dialog (the device makes the key and verifies its user), then
 * the answer, named. The WebAuthn library loads on the click, not with the
 * page.
 */
async function register(name: string): Promise<Passkey> {
  const options = await api.POST('/api/v1/me/passkeys/options');
  const { startRegistration } = await import('@simplewebauthn/browser');
  // The schema has go-webauthn's strings where the library names the values it takes; the
  // credential goes as a plain object (the library's interface has no index signature).
  const credential = await startRegistration({ optionsJSON: options.publicKey as PublicKeyCredentialCreationOptionsJSON });
  return api.POST('/api/v1/me/passkeys', { body: { name, credential: { ...credential } } });
}

/** Adding, renaming and removing a passkey: the list changes, and the security activity tells of it. */
export function usePasskeyMutations() {
  const qc = useQueryClient();
  const securityChanged = useSecurityChanged();
  const done = () => Promise.all([qc.invalidateQueries({ queryKey: passkeysKey }), securityChanged()]);
  return {
    add: useMutation({ mutationFn: register, onSuccess: done }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: string; name: string }) => api.PATCH('/api/v1/me/passkeys/{id}', { params: { path: { id } }, body: { name } }),
      onSettled: done,
    }),
    // Settled, not only on success: a passkey removed elsewhere (404) leaves the list too.
    remove: useMutation({ mutationFn: (id: string) => api.DELETE('/api/v1/me/passkeys/{id}', { params: { path: { id } } }), onSettled: done }),
  };
}
