import { browserSupportsWebAuthn, startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { PASSKEY_MESSAGES, passkeyOptionsSchema, type PasskeyAuthenticationResponse } from '@goc/contracts';

/*
 * Signing with a passkey (docs/security.md «Llaves de acceso»): the server's options go to the
 * browser (navigator.credentials through @simplewebauthn/browser), which asks the person to touch
 * their key or unlock their device; the answer goes back to the server, which checks it. Shared by
 * the login's second step and «Confirma tu contraseña».
 */

export async function signWithPasskey(options: unknown): Promise<PasskeyAuthenticationResponse> {
  const parsed = passkeyOptionsSchema.parse(options);
  const answer = await startAuthentication({ optionsJSON: parsed as unknown as PublicKeyCredentialRequestOptionsJSON });
  return { ...answer, clientExtensionResults: { ...answer.clientExtensionResults } };
}

/** The browser's refusal in Spanish: no passkeys in this browser, or the person cancelled, took too long or has no key here. */
export function browserPasskeyMessage(): string {
  return browserSupportsWebAuthn() ? PASSKEY_MESSAGES.cancelled : PASSKEY_MESSAGES.unsupported;
}
