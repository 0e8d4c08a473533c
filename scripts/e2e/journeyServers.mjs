// The ALM server the journeys (test/e2e/journeys) run against, as the person of issue 37 had it:
// `--alm 26.1` (Core only, XSRF enforced; or the run's --alm/--trees), 100,000 defects in DEFAULT/Demo,
// signed in with the demo API key. It is a server of its own, not the extension-host suite's: a
// journey starts from the same data whether the suite ran before it or not, and may stop and restart
// its server (same port, same data) to act out an outage.
// Seeding 100,000 defects takes about 11 s on a 2-core machine (1,000 take 2 s): the server is started
// as soon as the run knows it will need it, so the seeding overlaps the rest of the start.
import { mkdirSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startAlmServer } from './almServer.mjs';

/** Defects in the journeys' DEFAULT/Demo: the scale at which issue 37 found a broken grid. */
export const JOURNEY_DEFECTS = 100_000;
/** The configured server's name, as a user would call it (a space in it, as in the report). */
export const JOURNEY_SERVER_NAME = 'ALM 26.1';

/**
 * Starts the journeys' ALM server.
 * @param {{ runDir: string, alm?: string, trees?: string[], log: (line: string) => void }} options
 */
export async function startJourneyServers({ runDir, alm, trees, log }) {
  const dataDir = join(runDir, 'journeys-alm-data');
  const logFile = join(runDir, 'journeys-alm-server.log');
  const options = { dataDir, logFile, defects: JOURNEY_DEFECTS, alm: alm ?? '26.1', ...(trees ? { trees } : {}) };
  const started = Date.now();
  let server = await startAlmServer(options);
  log(`journeys' ALM server at ${server.baseUrl} (ALM ${options.alm}, ${JOURNEY_DEFECTS} defects, seeded in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  const apiKey = server.apiKeys.find((k) => k.user === 'alice') ?? server.apiKeys[0];
  if (!apiKey) throw new Error("the journeys' ALM server offers no API key (is the demo seeded?)");
  return {
    name: JOURNEY_SERVER_NAME,
    baseUrl: server.baseUrl,
    users: server.users,
    apiKeys: server.apiKeys,
    apiKey,
    domain: 'DEFAULT',
    project: 'Demo',
    defects: JOURNEY_DEFECTS,
    alm: options.alm,
    ...(trees ? { trees } : {}),
    /** Stops the server (connections refused from now on); its data stays. */
    stop: async () => {
      await server.stop();
    },
    /** Starts it again on the same port with the same data (sessions are gone, as after a real restart). */
    restart: async () => {
      server = await startAlmServer({ ...options, port: server.port });
    },
  };
}

/**
 * Writes the journeys' workspace: one server, signing in with the demo API key (its secret is typed
 * when asked, never stored in settings), pinned to DEFAULT/Demo as Add Server leaves it.
 * @param {string} dir
 * @param {{ name: string, baseUrl: string, apiKey: { clientId: string }, domain: string, project: string }} server
 */
export function writeJourneyWorkspace(dir, server) {
  const settingsFile = join(dir, '.vscode', 'settings.json');
  mkdirSync(join(dir, '.vscode'), { recursive: true });
  const settings = existsSync(settingsFile) ? JSON.parse(readFileSync(settingsFile, 'utf8')) : {};
  settings['almDefects.servers'] = [{ name: server.name, url: server.baseUrl, auth: 'apiKey', clientId: server.apiKey.clientId, domain: server.domain, project: server.project }];
  // The theme the person of issue 37 worked in; the screenshots switch to dark and back.
  settings['workbench.colorTheme'] = 'Default Light Modern';
  writeFileSync(settingsFile, `${JSON.stringify(settings, null, 2)}\n`);
  return dir;
}
