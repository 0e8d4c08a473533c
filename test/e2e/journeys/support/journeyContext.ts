// What the launcher (scripts/e2e/run.mjs --journeys) hands the journeys: the workbench page, opened on
// a workspace of its own, and the journeys' ALM server (26.1 profile with XSRF, 100,000 defects in
// DEFAULT/Demo, the demo API key), which a journey may stop and restart to act out an outage. The
// context is the page-side tests' (test/e2e/ui/context.ts), so their read-only helpers work here too.
import type { E2eAlmServer } from '../../environment';
import { ui } from '../../ui/context';
import type { UiContext } from '../../ui/context';

/** The journeys' ALM server (scripts/e2e/journeyServers.mjs). */
export interface JourneyServer extends E2eAlmServer {
  /** The name it has in `almDefects.servers` ("ALM 26.1"): the status bar and the tree show it. */
  readonly name: string;
  /** The API key the journeys sign in with (alice's): its secret is typed into the sign-in prompt. */
  readonly apiKey: { readonly user: string; readonly clientId: string; readonly secret: string };
  /** Defects in DEFAULT/Demo (100,000). */
  readonly defects: number;
  /** Stops the server: connections are refused until restart(); its data stays. */
  stop(): Promise<void>;
  /** Starts it again on the same port with the same data; sessions are gone, as after a real restart. */
  restart(): Promise<void>;
}

interface JourneyContext extends UiContext {
  readonly journeyServer: JourneyServer;
}

/** The run's context; throws when the journeys were started without `run.mjs --journeys`. */
export function journey(): JourneyContext {
  const context = ui() as Partial<JourneyContext> & UiContext;
  if (!context.journeyServer) throw new Error('The journeys run inside scripts/e2e/run.mjs --journeys (or --journeys-only)');
  return context as JourneyContext;
}
