/**
 * The life timer of one toast (SPEC §4): it closes the toast after `life` ms; pause() keeps the
 * remaining time, resume() restarts with what remained, clear() stops it for good.
 * PrimeReact's own Toast restarts the full life on mouse leave, hence this module.
 */
export interface ToastTimer {
  pause(): void;
  resume(): void;
  clear(): void;
  /** Milliseconds left before the toast closes. */
  remaining(): number;
}

export function createToastTimer(life: number, onExpire: () => void, now: () => number = Date.now): ToastTimer {
  let remaining = life;
  let startedAt = 0;
  let handle: ReturnType<typeof setTimeout> | null = null;
  let cleared = false;

  const start = () => {
    startedAt = now();
    handle = setTimeout(() => {
      handle = null;
      cleared = true;
      onExpire();
    }, remaining);
  };

  const stop = () => {
    if (handle !== null) clearTimeout(handle);
    handle = null;
  };

  start();

  return {
    pause() {
      if (cleared || handle === null) return;
      stop();
      remaining = Math.max(0, remaining - (now() - startedAt));
    },
    resume() {
      if (cleared || handle !== null) return;
      start();
    },
    clear() {
      cleared = true;
      stop();
    },
    remaining() {
      if (cleared) return 0;
      return handle === null ? remaining : Math.max(0, remaining - (now() - startedAt));
    },
  };
}
