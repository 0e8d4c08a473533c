// Which REST tree a server offers, decided once per sign-in with as few requests as possible:
// `GET /api/domains` first (one request when the `/api` tree answers, and then preferred), then
// `GET /rest/domains?include-projects-info=y` (two requests on a Core-only server). Both probes
// are domain lists the client needs anyway, so the first `domains()` call reuses the answer.
import { ServerError } from '../errors';
import type { HttpRequest, HttpResponse } from '../http/transport';
import { Api12Dialect } from './api12';
import { CoreDialect } from './core';
import type { WireDialect } from './dialect';

export interface Detection {
  dialect: WireDialect;
  /** The probe's domain list, parsed by `dialect`. */
  domains: { name: string; projects?: string[] }[];
  /** Why this tree, for the ALM log. */
  reason: string;
  requests: number;
}

type Get = (req: HttpRequest) => Promise<HttpResponse & { text: string }>;

/** The domain list when `dialect`'s domains resource answered with one, else why not. */
async function probe(get: Get, dialect: WireDialect, signal?: AbortSignal): Promise<{ domains?: Detection['domains']; said: string }> {
  const path = dialect.domainsPath();
  const res = await get({ method: 'GET', path, params: dialect.domainsParams(), anyStatus: true, signal });
  if (res.status < 200 || res.status >= 300) return { said: `GET ${path} answered ${res.status}` };
  try {
    return { domains: dialect.parseDomains(JSON.parse(res.text) as unknown), said: `GET ${path} answered ${res.status} with a domain list` };
  } catch {
    return { said: `GET ${path} answered ${res.status} but not with a domain list` };
  }
}

export async function detectTree(get: Get, signal?: AbortSignal): Promise<Detection> {
  const api = new Api12Dialect();
  const first = await probe(get, api, signal);
  if (first.domains) return { dialect: api, domains: first.domains, reason: first.said, requests: 1 };
  const core = new CoreDialect();
  const second = await probe(get, core, signal);
  if (second.domains) return { dialect: core, domains: second.domains, reason: `${first.said}; ${second.said}`, requests: 2 };
  throw new ServerError(`Neither ALM REST tree answers here (${first.said}; ${second.said}). Check that the server URL ends with the ALM root path, e.g. /qcbin.`, { status: 404 });
}
