import { useEffect, useState, type FormEvent } from 'react';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { MFA_MESSAGES, PASSKEY_MESSAGES, type LoginResponse, type MfaChallenge, type PasskeyOptions, type TotpSetupResponse } from '@goc/contracts';
import { httpStatus } from '../../lib/api/api-error';
import { deviceInWords } from './device-words';
import { loginErrorMessage, passkeyErrorMessage } from './login-errors';
import { RecoveryCodes } from './recovery-codes';
import { confirmTotp, enrolPasskey, passkeyEnrollmentOptions, setupTotp, verifySecondFactor, verifyWithPasskey } from './second-factor-api';
import { TotpQr } from './totp-qr';

/*
 * The second step of /login (docs/security.md): a passkey, the code of the authenticator app or a
 * recovery code (whichever the person has, as the login's answer says); or, when the role requires two-factor and the person has not enrolled, the enrolment itself
 * with the app (QR drawn here as SVG, never by an outside service; the secret as text; the first code)
 * or with a passkey — then the recovery codes once. Loaded only when a sign-in needs it.
 */

interface StepProps {
  challenge: MfaChallenge;
  onSuccess: (response: LoginResponse) => void;
  onRestart: () => void;
}

const inputClass =
  'w-full rounded-md border border-solid border-gray-300 bg-white px-3 py-3 text-base text-gray-600 outline-none hover:border-blue-500 focus:border-blue-500 focus:ring-4 focus:ring-blue-200';
const primaryClass =
  'flex w-full cursor-pointer items-center justify-center gap-2 rounded-md border border-solid border-blue-600 bg-blue-600 px-5 py-3 text-base font-semibold text-white hover:bg-blue-700 focus-visible:ring-4 focus-visible:ring-blue-200 focus-visible:outline-none disabled:cursor-default disabled:opacity-60';
const secondaryClass =
  'flex w-full cursor-pointer items-center justify-center gap-2 rounded-md border border-solid border-blue-600 bg-white px-5 py-3 text-base font-semibold text-blue-700 hover:bg-blue-50 focus-visible:ring-4 focus-visible:ring-blue-200 focus-visible:outline-none disabled:cursor-default disabled:opacity-60';
const linkClass = 'cursor-pointer self-start border-0 bg-transparent p-0 text-sm font-medium text-blue-700 underline-offset-2 hover:underline';

function ErrorNote({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="flex items-center gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-700">
      <i className="pi pi-times-circle" aria-hidden="true" />
      {message}
    </div>
  );
}

/** A challenge that ended (expired, used, too many codes) can only start over from the password. */
const endedMessage = (message: string) => message === MFA_MESSAGES.challengeEnded;

/** «Usar llave de acceso»: the browser asks for the key; the server checks its signature of this sign-in's challenge. */
function PasskeyStep({ challenge, onSuccess, onRestart, primary }: StepProps & { primary: boolean }) {
  const [error, setError] = useState<string | null>(null);
  const [ended, setEnded] = useState(false);
  const [waiting, setWaiting] = useState(false);

  const use = async () => {
    setWaiting(true);
    setError(null);
    try {
      onSuccess(await verifyWithPasskey(challenge.mfaToken));
    } catch (failure) {
      const message = passkeyErrorMessage(failure);
      setError(message);
      setEnded(endedMessage(message));
      setWaiting(false);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <ErrorNote message={error} />
      {ended ? (
        <button type="button" className={primaryClass} onClick={onRestart}>
          Volver a iniciar sesión
        </button>
      ) : (
        <button type="button" className={primary ? primaryClass : secondaryClass} disabled={waiting} onClick={() => void use()}>
          Usar llave de acceso
          <i className={`pi ${waiting ? 'pi-spin pi-spinner' : 'pi-key'}`} aria-hidden="true" />
        </button>
      )}
    </div>
  );
}

/** The app's code, or a recovery code; `recoveryOnly` for a person whose second factor is a passkey (they have no app). */
function CodeStep({ challenge, onSuccess, onRestart, recoveryOnly = false }: StepProps & { recoveryOnly?: boolean }) {
  const [recovery, setRecovery] = useState(recoveryOnly);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [ended, setEnded] = useState(false);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = value.trim();
    if (!recovery && !/^\d{6}$/.test(typed)) return setError(MFA_MESSAGES.code);
    if (recovery && typed.replace(/[\s-]/g, '').length !== 10) return setError(MFA_MESSAGES.recoveryCode);
    setSending(true);
    setError(null);
    try {
      onSuccess(await verifySecondFactor(recovery ? { mfaToken: challenge.mfaToken, recoveryCode: typed } : { mfaToken: challenge.mfaToken, code: typed }));
    } catch (failure) {
      const message = loginErrorMessage(failure);
      setError(message);
      setEnded(endedMessage(message));
      setValue('');
      setSending(false);
    }
  };

  const label = recovery ? 'Código de recuperación' : 'Código de verificación';
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-5">
      <p className="m-0 text-sm text-slate-600">
        {recovery ? 'Escribe uno de los códigos de recuperación que guardaste.' : 'Escribe el código de 6 dígitos que muestra tu aplicación de autenticación.'}
      </p>
      <div className="flex flex-col gap-2">
        <label htmlFor="mfa-code" className="text-sm font-medium text-slate-700">
          {label}
        </label>
        <input
          id="mfa-code"
          key={label}
          name={recovery ? 'recoveryCode' : 'code'}
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={recovery ? 40 : 6}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className={inputClass}
          disabled={ended}
          autoFocus
        />
      </div>
      <ErrorNote message={error} />
      {ended ? (
        <button type="button" className={primaryClass} onClick={onRestart}>
          Volver a iniciar sesión
        </button>
      ) : (
        <button type="submit" className={primaryClass} disabled={sending}>
          Verificar
          <i className={`pi ${sending ? 'pi-spin pi-spinner' : 'pi-check'}`} aria-hidden="true" />
        </button>
      )}
      {!recoveryOnly && (
        <button
          type="button"
          className={linkClass}
          onClick={() => {
            setRecovery(!recovery);
            setValue('');
            setError(null);
          }}
        >
          {recovery ? 'Usar el código de mi aplicación' : 'Usar un código de recuperación'}
        </button>
      )}
    </form>
  );
}

interface Enrolled {
  codes: string[];
  session: LoginResponse;
}

/**
 * Enrolling with a passkey: offered when this site has passkeys (the options answer, else 409) and the
 * browser can use them. The first options are asked for on arrival; each try spends its challenge, so
 * a retry asks again.
 */
function PasskeyEnrollment({ mfaToken, onEnrolled, onEnded }: { mfaToken: string; onEnrolled: (enrolled: Enrolled) => void; onEnded: (message: string) => void }) {
  const [options, setOptions] = useState<PasskeyOptions | null>(null);
  const [name, setName] = useState(() => deviceInWords(navigator.userAgent));
  const [error, setError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    if (!browserSupportsWebAuthn()) return;
    let live = true;
    passkeyEnrollmentOptions(mfaToken).then(
      (first) => live && setOptions(first),
      // 409: this site has no passkeys, and the app's code is the way; an ended sign-in shows there too.
      (failure: unknown) => live && httpStatus(failure) !== 409 && onEnded(loginErrorMessage(failure)),
    );
    return () => {
      live = false;
    };
  }, [mfaToken, onEnded]);

  if (!options) return null;
  const register = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setError(PASSKEY_MESSAGES.name);
    setWaiting(true);
    setError(null);
    try {
      const enrolled = await enrolPasskey(mfaToken, name.trim(), options);
      onEnrolled({ codes: enrolled.recoveryCodes, session: enrolled.session });
    } catch (failure) {
      const message = passkeyErrorMessage(failure);
      if (endedMessage(message)) return onEnded(message);
      setError(message);
      // The challenge handed out was spent (or left unanswered): the next try gets a new one.
      try {
        setOptions(await passkeyEnrollmentOptions(mfaToken));
        setWaiting(false);
      } catch (next) {
        onEnded(loginErrorMessage(next));
      }
    }
  };

  return (
    <form noValidate onSubmit={(e) => void register(e)} className="flex flex-col gap-4 border-t border-slate-200 pt-5">
      <p className="m-0 text-sm text-slate-600">O usa una llave de acceso: una llave de seguridad, o este teléfono o computadora con huella, rostro o PIN.</p>
      <div className="flex flex-col gap-2">
        <label htmlFor="mfa-enrol-passkey-name" className="text-sm font-medium text-slate-700">
          Nombre de la llave
        </label>
        <input id="mfa-enrol-passkey-name" maxLength={60} value={name} onChange={(e) => setName(e.target.value)} className={inputClass} />
      </div>
      <ErrorNote message={error} />
      <button type="submit" className={secondaryClass} disabled={waiting}>
        Registrar llave de acceso
        <i className={`pi ${waiting ? 'pi-spin pi-spinner' : 'pi-key'}`} aria-hidden="true" />
      </button>
    </form>
  );
}

function EnrollmentStep({ challenge, onSuccess, onRestart }: StepProps) {
  const [setup, setSetup] = useState<TotpSetupResponse | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [ended, setEnded] = useState(false);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<Enrolled | null>(null);
  const [endEnrolment] = useState(() => (message: string) => {
    setError(message);
    setEnded(true);
  });

  useEffect(() => {
    let live = true;
    setupTotp(challenge.mfaToken).then(
      (created) => live && setSetup(created),
      (failure: unknown) => {
        if (!live) return;
        setError(loginErrorMessage(failure));
        setEnded(true);
      },
    );
    return () => {
      live = false;
    };
  }, [challenge.mfaToken]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setError(MFA_MESSAGES.code);
    setSending(true);
    setError(null);
    try {
      const confirmed = await confirmTotp(code.trim(), challenge.mfaToken);
      if (!confirmed.session) throw new Error('sin sesión');
      setDone({ codes: confirmed.recoveryCodes, session: confirmed.session });
    } catch (failure) {
      const message = loginErrorMessage(failure);
      setError(message);
      setEnded(endedMessage(message));
      setCode('');
      setSending(false);
    }
  };

  if (done) {
    return (
      <div className="flex flex-col gap-5">
        <h2 className="m-0 text-lg font-semibold text-slate-900">Verificación en dos pasos activada</h2>
        <RecoveryCodes codes={done.codes} />
        <button type="button" className={primaryClass} onClick={() => onSuccess(done.session)}>
          Ya los guardé, continuar
          <i className="pi pi-arrow-right" aria-hidden="true" />
        </button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-5">
        <p className="m-0 text-sm text-slate-600">
          Tu rol requiere la verificación en dos pasos. Escanea el código con tu aplicación de autenticación (Google Authenticator, Microsoft Authenticator…) y escribe el
          código que te muestre.
        </p>
        {setup && <TotpQr setup={setup} />}
        <div className="flex flex-col gap-2">
          <label htmlFor="mfa-enrol-code" className="text-sm font-medium text-slate-700">
            Código de verificación
          </label>
          <input
            id="mfa-enrol-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            className={inputClass}
            disabled={ended || !setup}
          />
        </div>
        <ErrorNote message={error} />
        {ended ? (
          <button type="button" className={primaryClass} onClick={onRestart}>
            Volver a iniciar sesión
          </button>
        ) : (
          <button type="submit" className={primaryClass} disabled={sending || !setup}>
            Activar
            <i className={`pi ${sending ? 'pi-spin pi-spinner' : 'pi-check'}`} aria-hidden="true" />
          </button>
        )}
      </form>
      {!ended && <PasskeyEnrollment mfaToken={challenge.mfaToken} onEnrolled={setDone} onEnded={endEnrolment} />}
    </div>
  );
}

export default function SecondFactorStep(props: StepProps) {
  const { challenge } = props;
  const [recoveryOnly, setRecoveryOnly] = useState(false);
  if (!('mfaRequired' in challenge)) return <EnrollmentStep {...props} />;
  const passkey = challenge.methods.includes('passkey');
  const totp = challenge.methods.includes('totp');
  return (
    <div className="flex flex-col gap-5">
      {passkey && <PasskeyStep {...props} primary={!totp} />}
      {passkey && totp && (
        <p className="m-0 text-center text-sm text-slate-500" aria-hidden="true">
          o
        </p>
      )}
      {totp && <CodeStep {...props} />}
      {/* Without the app, the recovery codes that came with the first passkey (a lost key). */}
      {!totp &&
        (recoveryOnly ? (
          <CodeStep {...props} recoveryOnly />
        ) : (
          <button type="button" className={linkClass} onClick={() => setRecoveryOnly(true)}>
            Usar un código de recuperación
          </button>
        ))}
    </div>
  );
}
