import { addBusinessDays, businessDayStart, businessToday } from '@goc/contracts';

/** A daily time in Mexico City, or off. */
export type BackupSchedule = 'off' | { hour: number; minute: number };

/** 'off' or 'HH:MM' (24 h) → the schedule; null when the text is neither. */
export function parseBackupSchedule(text: string): BackupSchedule | null {
  if (text.toLowerCase() === 'off') return 'off';
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match ? { hour: Number(match[1]), minute: Number(match[2]) } : null;
}

/** The next instant after `now` at the schedule's Mexico City time (no daylight saving there since 2022). */
export function nextRun(schedule: { hour: number; minute: number }, now: number): Date {
  const today = businessToday(now);
  for (const day of [today, addBusinessDays(today, 1)]) {
    const at = businessDayStart(day).getTime() + (schedule.hour * 60 + schedule.minute) * 60_000;
    if (at > now) return new Date(at);
  }
  throw new Error('sin siguiente hora de respaldo');
}
