// Which REST tree a server offers, decided once per sign-in with as few requests as possible:
// `GET /api/domains` first (one request when the `/api` tree answers, and then preferred), then
// `GET /rest/domains?include-projects-info=y`. When the password sign-in already found no `/api`
// sign-in, Core is probed first: one request on a Core-only server too. Both probes are domain
// lists the client needs anyway, so the `domains()` call that triggered detection reuses the answer.
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

/**
 * `restFirst`: the sign-in already showed there is no `/api` tree (its sign-in answered 404), so
 * Core is probed first — one request instead of two on a Core-only server.
 */
export async function detectTree(get: Get, signal?: AbortSignal, restFirst = false): Promise<Detection> {
  const order: WireDialect[] = restFirst ? [new CoreDialect(), new Api12Dialect()] : [new Api12Dialect(), new CoreDialect()];
  const said: string[] = restFirst ? ['POST /api/authentication/sign-in answered 404'] : [];
  for (const [i, dialect] of order.entries()) {
    const result = await probe(get, dialect, signal);
    said.push(result.said);
    if (result.domains) return { dialect, domains: result.domains, reason: said.join('; '), requests: i + 1 };
  }
  throw new ServerError(`Neither ALM REST tree answers here (${said.join('; ')}). Check that the server URL ends with the ALM root path, e.g. /qcbin.`, { status: 404 });
}
