// "Open My API Key Page": where users of a site that signs in through SSO create their own API key
// (when the site lets them: ALM's APIKEY_SELF_SERVICE_LEVEL site parameter; otherwise the page says
// so, and their ALM administrator creates the key). The address is ALM's API key page under the
// server's root path, `<base>/apikey-management/` (12.60 and later: the "API Keys" link of ALM's
// start page; the form a vendor's integration guide gives for where client ids and secrets come from:
// Micro Focus Release Control's ALM plugin, "http://<servername>:<port>/qcbin/apikey-management/").
// No `vscode` import in apiKeyPageUrl: the unit tests read it as is.
import type { ServerEntry } from '../config/servers';

/** The API key page of the server an entry names: its base URL (root path included) plus `apikey-management/`. */
export function apiKeyPageUrl(entry: Pick<ServerEntry, 'url'>): string {
  const base = entry.url.endsWith('/') ? entry.url : `${entry.url}/`;
  return new URL('apikey-management/', base).toString();
}
