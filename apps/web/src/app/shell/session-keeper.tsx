import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { Button } from 'primereact/button';
import { MESSAGES } from '@goc/contracts';
import { AppDialog } from '../../components/app-dialog';
import { httpStatus } from '../../lib/api/http-status';
import { loadApi } from '../../lib/api/load-client';
import { expireSession } from '../../lib/api/session-expiry';
import { markActivity, watchActivity } from '../../lib/session/activity';
import { startSessionKeeper, type SessionKeeper } from '../../lib/session/session-keeper';
import { renewTokens } from '../../lib/session/session-renewal';
import { getRefreshToken, getToken } from '../../lib/session/session-store';
import { revokeRefreshToken } from '../../lib/session/stored-session';
import { minutesSeconds, sessionTexts } from './session-texts';

/** A renewal the server refused for good (the login was revoked or expired): the session is over, as SPEC §4 ends it. */
function isFinal(error: unknown): boolean {
  const status = httpStatus(error);
  return status === 400 || status === 401 || (error instanceof Error && error.message === MESSAGES.noRefreshToken);
}

async function renew(): Promise<void> {
  const api = await loadApi();
  try {
    await renewTokens(api);
  } catch (error) {
    if (isFinal(error)) expireSession();
    throw error;
  }
}

function endForInactivity(): void {
  const refreshToken = getRefreshToken();
  expireSession('idle');
  if (refreshToken) revokeRefreshToken(refreshToken);
}

/**
 * Activity of a signed-in person only: a shell that mounts just after a 401 ended the session (its
 * request answered while the shell's chunk downloaded) must not write the activity back into the
 * storage that was just wiped.
 */
function markSignedInActivity(): void {
  if (getToken() !== null) markActivity();
}

const noWarning = () => null;
const noSubscription = () => () => undefined;

/**
 * The shell's part of the session renewal: the person's input and every page they open count as
 * activity; the keeper (lib/session/session-keeper) renews the token and ends an idle session; 2
 * minutes before that end a dialog counts down with «Seguir conectado».
 */
export function SessionKeeperHost() {
  const [keeper, setKeeper] = useState<SessionKeeper | null>(null);
  const location = useLocation();

  useEffect(() => {
    // The shell opening is activity: the keeper must not judge a session by an older tab's memory.
    markSignedInActivity();
    const stopWatching = watchActivity(document);
    const started = startSessionKeeper({ renew, endForInactivity });
    setKeeper(started);
    return () => {
      stopWatching();
      started.stop();
    };
  }, []);

  // Opening a page is the person's doing (a link, back, a reload).
  useEffect(() => markSignedInActivity(), [location.key]);

  const warningUntil = useSyncExternalStore(keeper?.subscribe ?? noSubscription, keeper?.warningUntil ?? noWarning);
  if (!keeper || warningUntil === null) return null;
  return <IdleWarning until={warningUntil} onStay={keeper.stayConnected} />;
}

function IdleWarning({ until, onStay }: { until: number; onStay: () => void }) {
  const [now, setNow] = useState(Date.now);
  const stayId = useId();
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);
  return (
    <AppDialog
      visible
      header={sessionTexts.idleHeader}
      // Closing it any way (Escape, ×) says the person is there, as the button does.
      onHide={onStay}
      maximizable={false}
      style={{ width: '28rem' }}
      onShow={() => document.getElementById(stayId)?.focus()}
      footer={<Button id={stayId} type="button" label={sessionTexts.stayConnected} icon="pi pi-check" onClick={onStay} />}
    >
      <p className="m-0 text-base font-semibold" role="timer">
        {sessionTexts.idleWarning(minutesSeconds(until - now))}
      </p>
      <p className="mt-2 mb-0 text-sm text-(--text-color-secondary)">{sessionTexts.idleHint}</p>
    </AppDialog>
  );
}
