// `npm run server -- --port 8080 --data <dir> --demo --defects 1000`: starts the server, prints
// where it listens, its domains and projects and the demo credentials, and stops cleanly on
// SIGINT/SIGTERM. Problems the user can fix are reported in one line.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_USERS, StartupError, apiKeyLine, startServer } from './index';
import type { RunningServer, ServerOptions } from './index';
import type { RequestLimits, RestTree } from './config';
import { almProfile } from './profile';
import type { AlmProfile } from './profile';

const USAGE = `Usage: npm run server -- [--port 8080] [--host 127.0.0.1] [--data .data/demo] [--demo] [--defects 200]
                         [--root /qcbin] [--session-idle 3600] [--max-attachment-mb 50] [--log]
                         [--alm 12.55|16.0|24.1|26.1] [--trees api,rest] [--xsrf] [--get-logout] [--api-key USER ...] [--sso]
                         [--max-field-kb 1024] [--max-bulk 500] [--max-answer-mb 64] [--max-body-mb 20]
                         [--idle-timeout 60] [--body-timeout 30] [--sign-in-failures 5]`;

function fail(message: string): never {
  process.stderr.write(`alm-server: ${message}\n`);
  process.exit(1);
}

function integer(name: string, raw: string | undefined, min: number): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min) fail(`--${name} must be an integer of at least ${min}, got '${raw}'.`);
  return Number(raw);
}

function parseOptions(argv: string[]): ServerOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        data: { type: 'string' },
        demo: { type: 'boolean' },
        defects: { type: 'string' },
        root: { type: 'string' },
        'session-idle': { type: 'string' },
        'max-attachment-mb': { type: 'string' },
        log: { type: 'boolean' },
        'max-field-kb': { type: 'string' },
        'max-bulk': { type: 'string' },
        'max-answer-mb': { type: 'string' },
        'max-body-mb': { type: 'string' },
        'idle-timeout': { type: 'string' },
        'body-timeout': { type: 'string' },
        'sign-in-failures': { type: 'string' },
        alm: { type: 'string' },
        trees: { type: 'string' },
        xsrf: { type: 'boolean' },
        'get-logout': { type: 'boolean' },
        'api-key': { type: 'string', multiple: true },
        sso: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    fail(`${(err as Error).message}\n${USAGE}`);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const maxMb = integer('max-attachment-mb', values['max-attachment-mb'], 1);
  const scaled = (name: string, raw: string | undefined, unit: number) => {
    const n = integer(name, raw, 1);
    return n === undefined ? undefined : n * unit;
  };
  const limits: Partial<RequestLimits> = {
    maxFieldBytes: scaled('max-field-kb', values['max-field-kb'], 1024),
    maxBulkElements: integer('max-bulk', values['max-bulk'], 1),
    maxAnswerBytes: scaled('max-answer-mb', values['max-answer-mb'], 1024 * 1024),
    maxBodyBytes: scaled('max-body-mb', values['max-body-mb'], 1024 * 1024),
    idleTimeoutMs: scaled('idle-timeout', values['idle-timeout'], 1000),
    bodyTimeoutMs: scaled('body-timeout', values['body-timeout'], 1000),
    signInFailuresAllowed: integer('sign-in-failures', values['sign-in-failures'], 1),
  };
  return {
    port: integer('port', values.port, 0),
    host: values.host,
    dataDir: resolve(values.data ?? '.data/demo'),
    rootPath: values.root,
    demo: values.demo ?? false,
    defects: integer('defects', values.defects, 0),
    sessionIdleSeconds: integer('session-idle', values['session-idle'], 1),
    maxAttachmentBytes: maxMb === undefined ? undefined : maxMb * 1024 * 1024,
    log: values.log ?? false,
    // Only the limits given on the command line; the rest keep their defaults.
    limits: Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined)),
    alm: almVersion(values.alm),
    // --trees, --xsrf and --get-logout override what the --alm profile does.
    trees: trees(values.trees),
    xsrf: values.xsrf,
    getLogout: values['get-logout'],
    apiKeysFor: values['api-key'] ?? [],
    sso: values.sso ?? false,
  };
}

function almVersion(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  try {
    return almProfile(raw).version;
  } catch (err) {
    return fail(`--alm: ${(err as Error).message}`);
  }
}

function trees(raw: string | undefined): RestTree[] | undefined {
  if (raw === undefined) return undefined;
  const list = raw
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  if (list.length === 0 || list.some((t) => t !== 'api' && t !== 'rest')) fail(`--trees takes api, rest or api,rest, got '${raw}'.`);
  return list as RestTree[];
}

function describe(server: RunningServer, demo: boolean, coreTree: boolean): string {
  const lines = [`ALM-compatible server listening at ${server.baseUrl}`, `Behaves as ALM ${server.profile.version}: ${profileSummary(server.profile)}`, `Data directory: ${server.dataDir}`];
  if (server.readOnlyReason !== undefined) {
    lines.push(`READ-ONLY: the data could not be written (${server.readOnlyReason}). Reading and signing in work; writes are answered 507. Free disk space or fix the permissions, then restart.`);
  }
  lines.push('Domains and projects:');
  const counts = new Map(server.demo?.projects.map((p) => [`${p.domain}/${p.project}`, p.defects]));
  for (const domain of server.domains()) {
    const projects = domain.projects.map((p) => {
      const n = counts.get(`${domain.name}/${p}`);
      return n === undefined ? p : `${p} (${n} defects)`;
    });
    lines.push(`  ${domain.name}: ${projects.join(', ') || '(no projects)'}`);
  }
  if (demo) lines.push(`Demo users: ${DEMO_USERS.map((u) => `${u.name} / ${u.password}`).join(', ')}`);
  // Keys created by --api-key are shown here once; only their hashes are stored. Without the Core
  // tree there is no rest/oauth2/login to use them with.
  if (coreTree) for (const key of server.apiKeys) lines.push(apiKeyLine(key));
  // Users the seeder added with generated passwords are shown only when they were just created.
  const others = server.demo?.users.filter((u) => !DEMO_USERS.some((d) => d.name === u.name)) ?? [];
  if (others.length) lines.push(`Other users: ${others.map((u) => `${u.name} / ${u.password}`).join(', ')}`);
  lines.push('Press Ctrl+C to stop.');
  return `${lines.join('\n')}\n`;
}

function profileSummary(profile: AlmProfile): string {
  const trees = profile.trees.includes('api') ? '/api and Core trees' : 'Core tree only';
  return [trees, profile.xsrf ? 'XSRF enforced' : 'no XSRF check', profile.getLogout ? 'GET logout on' : 'GET logout off'].join(', ');
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  let server: RunningServer;
  try {
    server = await startServer(options);
  } catch (err) {
    if (err instanceof StartupError) fail(err.message);
    fail(`could not start: ${(err as Error).message}`);
  }
  process.stdout.write(describe(server, options.demo ?? false, server.profile.trees.includes('rest')));
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`Received ${signal}, closing.\n`);
    server.close().then(
      () => process.exit(0),
      (err: unknown) => fail(`error while closing: ${(err as Error).message}`),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

void main();
