// The parts of undici the client runs, each loaded from its own module. undici's index also loads
// fetch, WebSocket, EventSource, mocks, caches and interceptors: about 250 KB of the extension
// bundle that no window ever ran (issue 16, `npm run package` prints what the bundle holds).
// The modules' types come from undici's own declarations (see undiciModules.d.ts).
import type { Dispatcher } from 'undici';
import AgentModule from 'undici/lib/dispatcher/agent';
import ClientModule from 'undici/lib/dispatcher/client';
import ProxyAgentModule from 'undici/lib/dispatcher/proxy-agent';
import buildConnectorModule from 'undici/lib/core/connect';
import apiConnect from 'undici/lib/api/api-connect';
import apiRequest from 'undici/lib/api/api-request';
import DispatcherModule from 'undici/lib/dispatcher/dispatcher';

// ProxyAgent opens its tunnel with `client.connect()`, a method undici's index adds to every
// dispatcher: without the index it must be added here, or every proxied connection fails.
const dispatcherPrototype = DispatcherModule.prototype as { connect?: unknown };
dispatcherPrototype.connect ??= apiConnect;

export const Agent = AgentModule;
export const Client = ClientModule;
export const ProxyAgent = ProxyAgentModule;
export const buildConnector = buildConnectorModule;

/** undici's request options, with the dispatcher that must carry the request (never the global one). */
export type RequestOptions = Omit<Dispatcher.RequestOptions, 'origin' | 'path' | 'method'> & Partial<Pick<Dispatcher.RequestOptions, 'method'>> & { dispatcher: Dispatcher };

/**
 * undici's top-level `request(url, options)` without the index that defines it: splits the URL
 * into origin and path as undici does and runs the request on `options.dispatcher`.
 */
export function request(url: string | URL, options: RequestOptions): Promise<Dispatcher.ResponseData> {
  const target = typeof url === 'string' ? new URL(url) : url;
  const { dispatcher, ...rest } = options;
  return apiRequest.call(dispatcher, {
    ...rest,
    origin: target.origin,
    path: target.search ? `${target.pathname}${target.search}` : target.pathname,
    method: rest.method ?? (rest.body ? 'PUT' : 'GET'),
  });
}
