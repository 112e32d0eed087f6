import axios, { type AxiosInstance } from 'axios';
import { ensureFreshToken } from '../session/session-renewal';
import { getToken } from '../session/session-store';
import { installReauthenticationInterceptor } from './reauthentication';
import { installRefreshInterceptor } from './refresh-interceptor';
import { API_BASE_URL, bearer } from './request-basics';
import { expireSession } from './session-expiry';

/** SPEC §7: base /api/v2, no default timeout, 200–299 is success, XSRF cookie XSRF-TOKEN, bearer from localStorage. */
export function createApiClient(onSessionExpired: () => void = expireSession): AxiosInstance {
  const instance = axios.create({
    baseURL: API_BASE_URL,
    timeout: 0,
    validateStatus: (status) => status >= 200 && status < 300,
    xsrfCookieName: 'XSRF-TOKEN',
  });
  instance.interceptors.request.use(async (config) => {
    // Login, refresh and logout carry their own credentials; the rest leave with a token that is not about to expire.
    if (!config.skipAuthRefresh) await ensureFreshToken(instance);
    const token = getToken();
    if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', bearer(token));
    return config;
  });
  installRefreshInterceptor(instance, onSessionExpired);
  installReauthenticationInterceptor(instance);
  return instance;
}

/** The one client every fetcher uses. */
export const api = createApiClient();
