// API keys for `rest/oauth2/login` (reference §2.1): created from the command line
// (`--api-key USER`, shown once), kept hashed in the site store. The demo's key for alice is
// fixed and documented (README) so tests, scripts and `npm start` can sign in with it.
import { randomBytes, randomUUID } from 'node:crypto';
import type { SiteStore } from '../store/site';

export interface ApiKey {
  user: string;
  clientId: string;
  secret: string;
}

/** The demo data's key; not a secret (the demo users' passwords are documented too). */
export const DEMO_API_KEY: ApiKey = { user: 'alice', clientId: 'alice-demo-client', secret: 'alice-demo-secret' };

/** Creates a key for an existing user; the secret is returned here and never again. */
export function createApiKey(site: SiteStore, user: string, at: number): ApiKey {
  if (!site.getUser(user)) throw new Error(`Cannot create an API key for '${user}': no such user.`);
  const key = { user, clientId: `apikey-${randomUUID()}`, secret: randomBytes(24).toString('base64url') };
  site.addApiKey(key.clientId, key.user, key.secret, at);
  return key;
}

/** Makes sure the demo key exists (also in data dirs seeded before keys existed). */
export function ensureDemoApiKey(site: SiteStore, at: number): ApiKey | undefined {
  if (!site.getUser(DEMO_API_KEY.user)) return undefined;
  if (!site.getApiKey(DEMO_API_KEY.clientId)) site.addApiKey(DEMO_API_KEY.clientId, DEMO_API_KEY.user, DEMO_API_KEY.secret, at);
  return DEMO_API_KEY;
}

/** The line the CLI prints for a key, exactly as documented. */
export function apiKeyLine(key: ApiKey): string {
  return `API key: ${key.user} client-id=${key.clientId} secret=${key.secret}`;
}
