import {
  loginResponseSchema,
  mfaStatusSchema,
  recoveryCodesResponseSchema,
  totpConfirmResponseSchema,
  totpSetupResponseSchema,
  type LoginResponse,
  type MfaStatus,
  type TotpConfirmResponse,
  type TotpSetupResponse,
} from '@goc/contracts';
import { api } from '../../lib/api/client';

/*
 * Two-factor verification (docs/security.md). During a sign-in there is no session yet: those calls
 * carry the mfaToken and never start a refresh.
 */

export async function verifySecondFactor(body: { mfaToken: string; code: string } | { mfaToken: string; recoveryCode: string }): Promise<LoginResponse> {
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
