// Which proxy (if any) serves a server URL: explicit settings first, then HTTPS_PROXY /
// HTTP_PROXY from the environment the caller passed, minus the no-proxy rules (settings plus
// NO_PROXY). Rules follow curl's conventions, which VS Code's `http.noProxy` also uses.
// Not undici's EnvHttpProxyAgent (7.30): its no-proxy matching has no CIDR ranges, honours `*` only
// as the whole list, misses bare IPv6 rules (`::1`), knows no ALL_PROXY and reads process.env, not
// the environment the caller passes; and per-server TLS depends on whether a proxy applies.
import { isIP } from 'node:net';
import type { ProxyOptions } from '../transportOptions';

function envValue(env: Record<string, string | undefined> | undefined, name: string): string | undefined {
  const v = env?.[name] ?? env?.[name.toLowerCase()];
  return v && v.trim() ? v.trim() : undefined;
}

/** The no-proxy rules in force: settings plus NO_PROXY, split on commas and spaces. */
function noProxyRules(proxy: ProxyOptions | undefined): string[] {
  const fromEnv = envValue(proxy?.env, 'NO_PROXY')?.split(/[\s,]+/) ?? [];
  return [...(proxy?.noProxy ?? []), ...fromEnv].map((r) => r.trim().toLowerCase()).filter(Boolean);
}

/** The proxy URL for `target`, or undefined to connect directly. */
export function resolveProxy(target: URL, proxy: ProxyOptions | undefined): string | undefined {
  const url = proxy?.url?.trim() || (target.protocol === 'https:' ? envValue(proxy?.env, 'HTTPS_PROXY') : undefined) || envValue(proxy?.env, 'HTTP_PROXY') || envValue(proxy?.env, 'ALL_PROXY');
  if (!url) return undefined;
  if (bypassesProxy(target, noProxyRules(proxy))) return undefined;
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `http://${url}`;
}

/** Which proxy `resolveProxy` picks for `target`, and why, in words (for the connection test). */
export function explainProxy(target: URL, proxy: ProxyOptions | undefined): { url?: string; reason: string } {
  const fromSetting = proxy?.url?.trim();
  const envName = ['HTTPS_PROXY', 'HTTP_PROXY', 'ALL_PROXY'].find((n) => (n !== 'HTTPS_PROXY' || target.protocol === 'https:') && envValue(proxy?.env, n));
  const source = fromSetting ? (proxy?.source ?? 'the http.proxy setting') : envName ? `the ${envName} environment variable` : undefined;
  if (!source) return { reason: 'no proxy is set (http.proxy, HTTPS_PROXY, HTTP_PROXY)' };
  const url = resolveProxy(target, proxy);
  if (!url) return { reason: `${source} names a proxy, but a no-proxy rule (http.noProxy, NO_PROXY) matches ${target.hostname}` };
  return { url, reason: `from ${source}` };
}

export function bypassesProxy(target: URL, rules: readonly string[]): boolean {
  const host = target.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  return rules.some((rule) => ruleMatches(rule, host, port));
}

function ruleMatches(rule: string, host: string, port: string): boolean {
  if (rule === '*') return true;
  let pattern = rule;
  // `host:port` (but not a bare IPv6 address) restricts the rule to one port.
  const portMatch = /^(.*[^:]):(\d+)$/.exec(rule);
  if (portMatch && isIP(rule) !== 6) {
    if (portMatch[2] !== port) return false;
    pattern = portMatch[1];
  }
  pattern = pattern.replace(/^\[|\]$/g, '');
  if (pattern.includes('/')) return inCidr(host, pattern);
  if (pattern.startsWith('*.')) pattern = pattern.slice(1);
  if (pattern.startsWith('.')) return host.endsWith(pattern) || host === pattern.slice(1);
  return host === pattern || host.endsWith(`.${pattern}`);
}

function inCidr(host: string, cidr: string): boolean {
  const [base, bitsText] = cidr.split('/');
  const bits = Number(bitsText);
  if (isIP(host) !== 4 || isIP(base) !== 4 || !Number.isInteger(bits) || bits < 0 || bits > 32) return false;
  const toInt = (ip: string): number => ip.split('.').reduce((n, part) => (n << 8) + Number(part), 0) >>> 0;
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return (toInt(host) & mask) === (toInt(base) & mask);
}

/** `http://user:secret@host:port` → `http://host:port`, for logs and messages. */
export function redactProxyUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.toString().replace(/\/$/, '');
  } catch {
    return '(invalid proxy URL)';
  }
}
