// Checks a server URL and credentials before they are saved: signs in with a throw-away client and
// lists the domains and projects (for pinning). Failures are sorted into what the user must fix.
// No `vscode` import.
import * as l10n from '@vscode/l10n';
import { AuthError, NetworkError, ServerError, TimeoutError, TlsError, isAlmApiError } from '../api';
import type { RestTree } from '../api';
import { credentialsFor, signInLabel } from '../config/servers';
import type { ServerEntry } from '../config/servers';
import type { TransportOptions } from '../config/transport';
import { describeError } from '../util/log';
import type { ClientFactory } from './connection';
import { passwordRefusal, passwordRefused } from './failureActions';

export interface ProjectChoice {
  domain: string;
  project: string;
}

export type CheckProblem = 'credentials' | 'unreachable' | 'certificate' | 'not-alm' | 'other';

/** On success: the projects (for pinning) and the REST tree the server was found to offer. */
export type CheckResult = { ok: true; projects: ProjectChoice[]; tree?: RestTree } | { ok: false; problem: CheckProblem; message: string };

/** Domains whose projects are listed for pinning; more are still reachable, just not offered. */
const MAX_DOMAINS = 25;

export async function checkServer(entry: ServerEntry, password: string, transport: TransportOptions, factory: ClientFactory, signal?: AbortSignal): Promise<CheckResult> {
  const client = factory(entry, async () => credentialsFor(entry, password), transport);
  try {
    await client.signIn({ signal });
    const domains = await client.domains({ signal });
    const projects: ProjectChoice[] = [];
    for (const d of domains.slice(0, MAX_DOMAINS)) {
      const list = d.projects ?? (await client.projects(d.name, { signal }).catch(() => []));
      for (const p of list) projects.push({ domain: d.name, project: p.name });
    }
    return { ok: true, projects, tree: client.tree };
  } catch (e) {
    return { ok: false, ...classify(entry, e) };
  } finally {
    await client.dispose().catch(() => undefined);
  }
}

/**
 * Checks, before any credentials are asked, that something answers at the entry's URL and that it
 * is an ALM server; undefined when it is (or when only the sign-in can tell: a certificate problem
 * is explained with its fixes after the credentials, as before). Never sends a credential.
 */
export async function probeServerUrl(entry: ServerEntry, transport: TransportOptions, factory: ClientFactory, signal?: AbortSignal): Promise<Extract<CheckResult, { ok: false }> | undefined> {
  const noCredentials = async (): Promise<never> => {
    throw new Error('no credentials are sent before the URL is checked');
  };
  const client = factory(entry, noCredentials, transport);
  try {
    const answer = await client.probe?.({ signal });
    if (!answer || answer.alm) return undefined;
    return { ok: false, problem: 'not-alm', message: l10n.t('No ALM server answers at {0} (HTTP {1}). The URL must end with the ALM root path, e.g. /qcbin.', entry.url, answer.status) };
  } catch (e) {
    // A TLS failure is a network error too, but the server answered: its fixes (a CA file, Trust
    // this CA…) come with the sign-in check after the credentials.
    if (e instanceof TlsError) return undefined;
    if (e instanceof NetworkError || e instanceof TimeoutError) {
      return { ok: false, problem: 'unreachable', message: l10n.t('Cannot reach {0}: {1} Check the URL, and that the server is running and reachable from here (VPN, proxy).', entry.url, e.message) };
    }
    return undefined;
  } finally {
    await client.dispose().catch(() => undefined);
  }
}

function classify(entry: ServerEntry, e: unknown): { problem: CheckProblem; message: string } {
  if (e instanceof AuthError) {
    // A refused password may be a site that signs in through SSO: Change Sign-in Kind leads to an API key.
    const why =
      entry.auth === 'apiKey' ? e.message : passwordRefused(e, false) ? passwordRefusal(l10n.t('Change Sign-in Kind')) : l10n.t('the user name or password is wrong, or the account is locked.');
    return { problem: 'credentials', message: l10n.t('{0} refused {1}: {2}', entry.url, signInLabel(entry), why) };
  }
  if (e instanceof TlsError) return { problem: 'certificate', message: e.message };
  if (e instanceof NetworkError || e instanceof TimeoutError) return { problem: 'unreachable', message: l10n.t('Cannot reach {0}: {1}', entry.url, e.message) };
  if (e instanceof ServerError && (e.status === 404 || e.status === 405 || (e.status !== undefined && e.status >= 300 && e.status < 400))) {
    return { problem: 'not-alm', message: l10n.t('No ALM server answers at {0} ({1}). The URL must end with the ALM root path, e.g. /qcbin.', entry.url, e.message) };
  }
  if (isAlmApiError(e) && e.status === 404) {
    return { problem: 'not-alm', message: l10n.t('No ALM server answers at {0}. The URL must end with the ALM root path, e.g. /qcbin.', entry.url) };
  }
  return { problem: 'other', message: l10n.t('Checking {0} failed: {1}', entry.url, describeError(e)) };
}
