import { z } from 'zod';
import { optionalText } from '../../lib/env';
import { defineConfig } from '../../lib/modules';

/** GOC_OIDC_*: the company's OpenID Provider (Microsoft Entra ID, Google Workspace; docs/security.md). */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The login page's button. */
  label: string;
  /** E-mail domains (lower case) whose verified address may link an account to a GOC user. */
  domains: string[];
  /** GOC_PUBLIC_URL + /api/v2/auth/oidc/callback, registered at the provider. */
  redirectUri: string;
}

/** The WebAuthn relying party, derived from GOC_PUBLIC_URL: a passkey works only on the address it was registered at. */
export interface WebAuthnSettings {
  /** The host name of GOC_PUBLIC_URL (goc.empresa.mx). */
  rpId: string;
  /** The origin of GOC_PUBLIC_URL (https://goc.empresa.mx) the browser reports in every response. */
  origin: string;
  /** The name the browser shows when it asks to create or use the passkey. */
  rpName: string;
}

declare module '../../lib/modules' {
  interface ModuleSettings {
    /** Sign-in with the company's account (OpenID Connect); absent when GOC_OIDC_ISSUER is not set. */
    oidc?: OidcSettings | undefined;
    /** Passkeys: only with GOC_PUBLIC_URL, the one address a passkey is bound to (docs/security.md «Llaves de acceso»). */
    webauthn?: WebAuthnSettings | undefined;
  }
}

/** GOC_PUBLIC_URL → the relying party; none for an IP address, which WebAuthn does not accept as an RP ID. */
export function webAuthnSettings(publicUrl: string | undefined): WebAuthnSettings | undefined {
  if (publicUrl === undefined) return undefined;
  const url = new URL(publicUrl);
  const host = url.hostname;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host) || host.startsWith('[')) return undefined;
  return { rpId: host, origin: url.origin, rpName: 'GOC' };
}

const OIDC_REQUIRED = ['GOC_OIDC_ISSUER', 'GOC_OIDC_CLIENT_ID', 'GOC_OIDC_CLIENT_SECRET', 'GOC_OIDC_DOMAINS'] as const;

/** GOC_OIDC_*: all four required ones together, and GOC_PUBLIC_URL with them (the provider returns there). */
export const authConfig = defineConfig({
  env: z.object({
    GOC_OIDC_ISSUER: optionalText.refine(
      // Plain http only to this machine (a provider run for development): tokens never cross a network in the clear.
      (v) => v === undefined || /^https:\/\/[^/\s]+/.test(v) || /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/.test(v),
      'GOC_OIDC_ISSUER debe ser la dirección https:// del proveedor (https://login.microsoftonline.com/<inquilino>/v2.0 o https://accounts.google.com)',
    ),
    GOC_OIDC_CLIENT_ID: optionalText.refine((v) => v === undefined || v.length <= 200, 'GOC_OIDC_CLIENT_ID admite hasta 200 caracteres'),
    GOC_OIDC_CLIENT_SECRET: optionalText.refine((v) => v === undefined || v.length <= 500, 'GOC_OIDC_CLIENT_SECRET admite hasta 500 caracteres'),
    GOC_OIDC_LABEL: optionalText.refine((v) => v === undefined || v.length <= 60, 'GOC_OIDC_LABEL admite hasta 60 caracteres'),
    GOC_OIDC_DOMAINS: optionalText.transform((v, ctx) => {
      if (v === undefined) return undefined;
      const domains = v.split(',').map((d) => d.trim().toLowerCase()).filter((d) => d !== '');
      if (domains.length === 0 || domains.length > 50 || !domains.every((d) => /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(d))) {
        ctx.addIssue({ code: 'custom', message: 'GOC_OIDC_DOMAINS debe ser una lista de dominios de correo separados por comas (empresa.mx,filial.com.mx), hasta 50' });
        return z.NEVER;
      }
      return domains;
    }),
  }),
  settings(e, { publicUrl }) {
    const webauthn = webAuthnSettings(publicUrl);
    const { GOC_OIDC_ISSUER: issuer, GOC_OIDC_CLIENT_ID: clientId, GOC_OIDC_CLIENT_SECRET: clientSecret, GOC_OIDC_DOMAINS: domains } = e;
    if (issuer && clientId && clientSecret && domains) {
      if (publicUrl === undefined) return ['GOC_PUBLIC_URL: GOC_PUBLIC_URL es obligatoria cuando se define GOC_OIDC_ISSUER (el proveedor regresa a esa dirección)'];
      const label = e.GOC_OIDC_LABEL ?? 'Entrar con la cuenta de la empresa';
      return { oidc: { issuer, clientId, clientSecret, label, domains, redirectUri: `${publicUrl}/api/v2/auth/oidc/callback` }, webauthn };
    }
    const missing = OIDC_REQUIRED.filter((name) => e[name] === undefined);
    if (missing.length === OIDC_REQUIRED.length) return { oidc: undefined, webauthn };
    return missing.map(
      (name) => `${name}: ${name} es obligatoria para entrar con la cuenta de la empresa (GOC_OIDC_ISSUER, GOC_OIDC_CLIENT_ID, GOC_OIDC_CLIENT_SECRET y GOC_OIDC_DOMAINS van juntas)`,
    );
  },
});
