// Sign-in, sign-out and session endpoints, plus the session hook for project resources.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { registerAuthenticationPoint } from './authenticationPoint';
import { registerSignIn } from './signIn';

export { sessionHook } from './hook';
export { SessionService } from './sessions';

export function registerAuth(app: FastifyInstance, ctx: ServerContext): void {
  registerSignIn(app, ctx);
  registerAuthenticationPoint(app, ctx);
}
