import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import {
  loginResponseSchema,
  mfaStatusSchema,
  passkeyEnrolledSchema,
  passkeyListSchema,
  passkeyOptionsSchema,
  passkeyRegisteredSchema,
  type Passkey,
  type PasskeyEnrolled,
  type PasskeyOptions,
  type PasskeyRegistered,
  recoveryCodesResponseSchema,
  totpConfirmResponseSchema,
  totpSetupResponseSchema,
  type LoginResponse,
  type MfaStatus,
  type MfaVerifyRequest,
  type TotpConfirmResponse,
  type TotpSetupResponse,
} from '@goc/contracts';
import { api } from '../../lib/api/client';
import { signWithPasskey } from '../../lib/api/passkeys';

/*
 * Two-factor verification (docs/security.md). During a sign-in there is no session yet: those calls
 * carry the mfaToken and never start a refresh.
 */

export async function verifySecondFactor(body: MfaVerifyRequest): Promise<LoginResponse> {
  const response = await api.post('/auth/mfa/verify', body, { skipAuthRefresh: true });
  return loginResponseSchema.parse(response.data);
}

/** With the mfaToken of a sign-in that must enrol first, or signed in (no token). */
export async function setupTotp(mfaToken?: string): Promise<TotpSetupResponse> {
  const response = await api.post('/auth/mfa/totp/setup', mfaToken ? { mfaToken } : {}, mfaToken ? { skipAuthRefresh: true } : {});
  return totpSetupResponseSchema.parse(response.data);
}

export async function confirmTotp(code: string, mfaToken?: string): Promise<TotpConfirmResponse> {
  const response = await api.post('/auth/mfa/totp/confirm', mfaToken ? { code, mfaToken } : { code }, mfaToken ? { skipAuthRefresh: true } : {});
  return totpConfirmResponseSchema.parse(response.data);
}

export async function secondFactorStatus(): Promise<MfaStatus> {
  return mfaStatusSchema.parse((await api.get('/auth/mfa')).data);
}

export async function disableTotp(password: string): Promise<void> {
  await api.post('/auth/mfa/totp/disable', { password });
}

export async function regenerateRecoveryCodes(password: string): Promise<string[]> {
  return recoveryCodesResponseSchema.parse((await api.post('/auth/mfa/recovery-codes', { password })).data).recoveryCodes;
}

/*
 * Passkeys: the server's options go to the browser (navigator.credentials through
 * @simplewebauthn/browser), its answer back to the server, which checks it.
 */

/** The second step with a passkey: the browser asks the person to touch their key (or unlock their device). */
export async function verifyWithPasskey(mfaToken: string): Promise<LoginResponse> {
  const options = (await api.post('/auth/mfa/passkeys/authentication-options', { mfaToken }, { skipAuthRefresh: true })).data;
  return verifySecondFactor({ mfaToken, passkey: await signWithPasskey(options) });
}

/** The browser creates a passkey for the server's options; its answer, ready to send. */
async function createPasskey(options: PasskeyOptions) {
  const response = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
  return { ...response, clientExtensionResults: { ...response.clientExtensionResults } };
}

/** A sign-in that must enrol: the challenge to create its first passkey (409 when this site has no passkeys). */
export async function passkeyEnrollmentOptions(mfaToken: string): Promise<PasskeyOptions> {
  return passkeyOptionsSchema.parse((await api.post('/auth/mfa/enroll/passkey-options', { mfaToken }, { skipAuthRefresh: true })).data);
}

/** Enrols with a passkey during the sign-in: its recovery codes (shown once) and the session. */
export async function enrolPasskey(mfaToken: string, name: string, options: PasskeyOptions): Promise<PasskeyEnrolled> {
  const response = await createPasskey(options);
  return passkeyEnrolledSchema.parse((await api.post('/auth/mfa/enroll/passkey', { mfaToken, name, response }, { skipAuthRefresh: true })).data);
}

export async function listPasskeys(): Promise<Passkey[]> {
  return passkeyListSchema.parse((await api.get('/auth/mfa/passkeys')).data).items;
}

/** Registers a passkey from «Mi cuenta»; the recovery codes come back when it is the person's first second factor. */
export async function registerPasskey(name: string): Promise<PasskeyRegistered> {
  const options = passkeyOptionsSchema.parse((await api.post('/auth/mfa/passkeys/registration-options', {})).data);
  const response = await createPasskey(options);
  return passkeyRegisteredSchema.parse((await api.post('/auth/mfa/passkeys', { name, response })).data);
}

export async function deletePasskey(id: number): Promise<void> {
  await api.delete(`/auth/mfa/passkeys/${id}`);
}
