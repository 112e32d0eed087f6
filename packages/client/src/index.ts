import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, paths } from './schema';

export type { components, operations, paths } from './schema';

/** The API's named schemas: `Schemas['Material']`, `Schemas['OrderCreate']`, `Schemas['ApiError']`… */
export type Schemas = components['schemas'];

export type GocClient = Client<paths>;

export interface GocClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** Where GOC answers, without /api/v2 (the paths carry it): `https://goc.example.com`. */
  baseUrl: string;
  /**
   * A user's access token (POST /api/v2/auth/login) or an API key (`goc_…`): both travel as
   * `Authorization: Bearer …`. Leave it out for the public operations (login, health).
   */
  token?: string;
}

/** A typed client of the GOC API: every path, parameter, body and answer from its OpenAPI document. */
export function createGocClient({ token, ...options }: GocClientOptions): GocClient {
  const client = createClient<paths>(options);
  if (token) {
    client.use({
      onRequest({ request }) {
        request.headers.set('authorization', `Bearer ${token}`);
        return request;
      },
    });
  }
  return client;
}
