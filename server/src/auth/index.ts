// Sign-in, sign-out and session endpoints, plus the session hook for project resources.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { registerAuthenticationPoint } from './authenticationPoint';
import { registerOAuth2 } from './oauth2';
import { registerSignIn } from './signIn';

export { sessionHook } from './hook';

export function registerAuth(app: FastifyInstance, ctx: ServerContext): void {
  // The one-step sign-in belongs to the `/api` tree, API-key login to Core (12.60+); the
  // authentication-point and site-session flow is common to both.
  if (ctx.options.trees.has('api')) registerSignIn(app, ctx);
  if (ctx.options.trees.has('rest')) registerOAuth2(app, ctx);
  registerAuthenticationPoint(app, ctx);
}
