import type { AppConfig, NotificationSettings } from '../../config';

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  // Below the 30–60 s idle timeouts of common proxies and load balancers.
  heartbeatMs: 25_000,
  sessionCheckMs: 10_000,
  mailRetryBaseMs: 30_000,
  reminderCheckMs: 60_000,
};

export const notificationSettings = (config: AppConfig): NotificationSettings => ({ ...DEFAULT_NOTIFICATION_SETTINGS, ...config.notifications });
