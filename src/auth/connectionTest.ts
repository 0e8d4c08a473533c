// "ALM: Test Connection": the way to one server, step by step — the proxy chosen and why, DNS,
// TCP, the proxy's CONNECT, TLS (chain, and which store vouched for it), the sign-in and the REST
// tree — each step with what it found, stopping at the first that fails. The report never holds
// a password, a Proxy-Authorization value or credentials of a proxy URL. No `vscode` import.
import { lookup } from 'node:dns/promises';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { describeStores, explainProxy, isAlmApiError, openTunnel, probeTls, redactProxyUrl, trustedContext, urlAuthorization } from '../api';
import type { RestTree, TunnelResult } from '../api';
import type { ServerEntry } from '../config/servers';
import type { TransportOptions } from '../config/transport';
import { describeError } from '../util/log';

interface TestStep {
  name: string;
  ok: boolean;
  detail: string;
}

export interface ConnectionReport {
  server: string;
  url: string;
  steps: TestStep[];
  ok: boolean;
}

/** Signs in with what is stored and returns who and which tree; rejects when it cannot. */
export type SignInCheck = () => Promise<{ user: string; tree?: RestTree }>;

const port = (u: URL): number => Number(u.port || (u.protocol === 'https:' ? 443 : 80));

function tcp(host: string, p: number, timeoutMs: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port: p, timeout: timeoutMs });
    socket.once('connect', () => {
      socket.setTimeout(0);
      resolve(socket);
    });
    socket.once('timeout', () => socket.destroy(new Error(`no answer within ${Math.round(timeoutMs / 1000)} s`)));
    socket.once('error', reject);
  });
}

function storeName(s: { name: string; source: string }): string {
  if (s.name === 'system') return `the operating system's store (${s.source})`;
  if (s.name === 'bundled') return "Node's bundled roots";
  if (s.name === 'caFile') return "the server entry's caFile";
  return s.source;
}

/** Runs the steps; `signIn` is skipped (and said so) when undefined. */
export async function testConnection(entry: ServerEntry, transport: TransportOptions, signIn: SignInCheck | undefined, timeoutMs = 15_000): Promise<ConnectionReport> {
  const steps: TestStep[] = [];
  const step = (name: string, ok: boolean, detail: string): boolean => {
    steps.push({ name, ok, detail });
    return ok;
  };
  const done = (): ConnectionReport => ({ server: entry.name, url: entry.url, steps, ok: steps.every((s) => s.ok) });
  const target = new URL(entry.url);
  const chosen = explainProxy(target, transport.proxy);
  step('Proxy', true, chosen.url ? `${redactProxyUrl(chosen.url)} (${chosen.reason})` : `none: ${chosen.reason}`);
  const hop = chosen.url ? new URL(chosen.url) : target;
  const hopHost = hop.hostname.replace(/^\[|\]$/g, '');
  try {
    const addresses = await lookup(hopHost, { all: true });
    step('DNS', true, `${hopHost} → ${addresses.map((a) => a.address).join(', ')}`);
  } catch (e) {
    return (step('DNS', false, `${hopHost} was not found (${describeError(e)}). Check the URL, your DNS or VPN.`), done());
  }
  let socket: Socket;
  try {
    const started = Date.now();
    socket = await tcp(hopHost, port(hop), timeoutMs);
    step('TCP', true, `connected to ${hopHost}:${port(hop)} in ${Date.now() - started} ms`);
  } catch (e) {
    return (
      step('TCP', false, `cannot connect to ${hopHost}:${port(hop)}: ${describeError(e)}. Check that the ${chosen.url ? 'proxy' : 'server'} is running and that no firewall is in the way.`),
      done()
    );
  }
  if (chosen.url) {
    socket.destroy();
    const authorization = urlAuthorization(chosen.url) ? undefined : transport.proxy.authorization;
    let tunnel: TunnelResult;
    try {
      tunnel = await openTunnel({ proxyUrl: chosen.url, target: `${target.hostname}:${port(target)}`, authorization, timeoutMs });
    } catch (e) {
      return (step('Proxy CONNECT', false, `the proxy failed: ${describeError(e)}`), done());
    }
    if (!tunnel.ok) {
      const why =
        tunnel.status === 407
          ? `it asks for credentials (${tunnel.authenticate.map((h) => h.split(' ')[0]).join(', ') || 'scheme not named'}); ${authorization || urlAuthorization(chosen.url) ? 'the ones sent were refused' : 'none were sent'}`
          : 'it refused the tunnel';
      return (step('Proxy CONNECT', false, `HTTP ${tunnel.status} from the proxy: ${why}.`), done());
    }
    step('Proxy CONNECT', true, `tunnel to ${target.hostname}:${port(target)} open${authorization || urlAuthorization(chosen.url) ? ' (with credentials)' : ''}`);
    socket = tunnel.socket;
  }
  if (target.protocol === 'https:') {
    const trusted = trustedContext(transport.tls, transport.proxy.env);
    try {
      const probe = await probeTls({ host: target.hostname.replace(/^\[|\]$/g, ''), port: port(target), socket, stores: trusted.stores, secureContext: trusted.secureContext, timeoutMs });
      const chain = probe.chain.map((c) => `"${c.subject}"`).join(' ← ');
      if (!probe.authorized && transport.tls.rejectUnauthorized !== false) {
        return (step('TLS', false, `${probe.error ?? 'not trusted'}: ${chain}, issued by "${probe.chain.at(-1)?.issuer ?? '?'}". Stores tried: ${describeStores(trusted.stores).join('; ')}.`), done());
      }
      step('TLS', true, `${probe.protocol ?? 'TLS'}; chain ${chain}; ${probe.trustedBy ? `trusted through ${storeName(probe.trustedBy)}` : 'certificate verification is off for this server'}`);
    } catch (e) {
      return (step('TLS', false, `the TLS handshake failed: ${describeError(e)}`), done());
    }
  } else socket.destroy();
  if (!signIn) return (step('Sign-in', true, 'skipped: not signed in (sign in to check the credentials and the REST tree)'), done());
  try {
    const who = await signIn();
    step('Sign-in', true, `signed in as ${who.user}`);
    step('REST tree', true, who.tree === 'api' ? '/api (ALM 12.5x REST)' : who.tree === 'rest' ? 'Core /rest' : 'not detected');
  } catch (e) {
    step('Sign-in', false, isAlmApiError(e) ? e.message : describeError(e));
  }
  return done();
}

/** The report as text for the help desk; the entry's own secrets never appear in it. */
export function reportText(r: ConnectionReport, when = new Date()): string {
  const lines = [`ALM connection test: ${r.server} (${r.url}) at ${when.toISOString()}`, ''];
  for (const s of r.steps) lines.push(`${s.ok ? '✓' : '✗'} ${s.name}: ${s.detail}`);
  lines.push('', r.ok ? 'Result: the server is reachable.' : `Result: failed at "${r.steps.at(-1)?.name ?? '?'}".`);
  return `${lines.join('\n')}\n`;
}
