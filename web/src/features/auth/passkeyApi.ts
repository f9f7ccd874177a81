import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { api } from '@/shared/api/client';
import type { User } from '@/shared/api/types';

/**
 * Signs in with a passkey: the server's options (go-webauthn's {publicKey},
 * naming no credential: the device offers its passkeys for this site), the
 * browser's dialog, then the answer, which the server turns into a session.
 * No email, password or code: the device verified its user. The WebAuthn
 * library loads on the click, not with the page.
 */
export async function signInWithPasskey(): Promise<User> {
  const options = await api.POST('/api/v1/auth/passkey/options');
  const { startAuthentication } = await import('@simplewebauthn/browser');
  // The schema has go-webauthn's strings where the library names the values it takes; the
  // credential goes as a plain object (the library's interface has no index signature).
  const credential = await startAuthentication({ optionsJSON: options.publicKey as PublicKeyCredentialRequestOptionsJSON });
  return api.POST('/api/v1/auth/passkey', { body: { credential: { ...credential } } });
}
