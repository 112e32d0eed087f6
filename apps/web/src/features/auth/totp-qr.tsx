import { QRCodeSVG } from 'qrcode.react';
import type { TotpSetupResponse } from '@goc/contracts';

/** The QR of the otpauth URL, drawn here as SVG (never by an outside service), and the secret as text for typing. */
export function TotpQr({ setup }: { setup: TotpSetupResponse }) {
  return (
    <div className="flex flex-col items-center gap-3">
      <QRCodeSVG value={setup.otpauthUrl} size={176} marginSize={2} title="Código QR para tu aplicación de autenticación" />
      <p className="m-0 text-center text-xs text-slate-500">
        ¿No puedes escanearlo? Escribe esta clave en la aplicación:
        <br />
        <code className="text-sm break-all text-slate-800" data-testid="totp-secret">
          {setup.secret}
        </code>
      </p>
    </div>
  );
}
