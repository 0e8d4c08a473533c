// Fastify assembly: body parsers, compression, no-cache headers on reads, the ALM error handler,
// the sign-in endpoints, and the session-guarded routes of the trees chosen by `trees`: the
// seed's `/api` and the Core `/rest`.
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import type { FastifyCookieOptions } from '@fastify/cookie';
import type { ServerContext } from './context';
import { AlmError } from './errors';
import { canonicalHeaderCase } from './headerCase';
import { installErrorHandler, sendError } from './errorBody';
import { registerAuth, sessionHook } from './auth/index';
import { COOKIE_PARSE_OPTIONS } from './auth/cookies';
import { installBodyTimeout } from './bodyTimeout';
import { checkedTextParser, checkedXmlParser, installJsonParser } from './body';
import { registerDomains } from './apiTree/domains';
import { registerProjectRoutes } from './apiTree/index';
import { registerCoreDomains, registerCoreProjectRoutes } from './coreTree/index';

export async function buildApp(ctx: ServerContext): Promise<FastifyInstance> {
  const limits = ctx.options.limits;
  const app = Fastify({
    logger: ctx.options.log,
    // Large multi-defect PUTs are legitimate; attachments stream through their own parser.
    bodyLimit: limits.maxBodyBytes,
    // A slow but moving upload passes; a connection with nothing moving, or slow headers, is closed.
    connectionTimeout: limits.idleTimeoutMs,
    http: { headersTimeout: limits.headersTimeoutMs, requestTimeout: 0, connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs) },
    // Long path segments (domain and project names) must not be cut at the default 100 characters.
    // `…/defects/`, `/api/domains/`, `…/lock/` name the same resource as without the slash
    // (real servers and the documented `attachments/?query=` form, issue 27).
    routerOptions: { maxParamLength: 500, ignoreTrailingSlash: true },
    // Errors fastify raises before routing (a malformed URL) get the ALM body too.
    frameworkErrors: (error, request, reply) => {
      const plain = reply as unknown as FastifyReply;
      void sendError(request, plain, new AlmError(400, 'qccore.general-error', `Bad request: ${error.message}`), ctx.options.rootPath);
    },
  });
  canonicalHeaderCase(app.server);
  await installRequestHandling(app, ctx);
  await registerSignInEndpoints(app, ctx);
  await registerTrees(app, ctx);
  return app;
}

/** Errors, body timeouts, compression, cookies, body parsers and cache headers, for every route. */
async function installRequestHandling(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const limits = ctx.options.limits;
  installErrorHandler(app, ctx.options.rootPath, ctx.options.profile, () => ctx.storage.readOnlyReason);
  // Before any scope is registered, so every route (the sign-in endpoints too) inherits it.
  installBodyTimeout(app, limits);
  await app.register(compress, { encodings: ['gzip', 'deflate'], threshold: 1024 });
  // Parses Cookie headers only; Set-Cookie stays hand-written (auth/cookies.ts) for ALM's exact format.
  // The plugin hands `parseOptions` to cookie's parse(), though its types name the serialize options.
  await app.register(cookie, { hook: 'onRequest', parseOptions: COOKIE_PARSE_OPTIONS as unknown as FastifyCookieOptions['parseOptions'] });

  installJsonParser(app, limits);
  // XML bodies are read as text, their parsing cost bounded first (xmlCost.ts).
  app.addContentTypeParser(['application/xml', 'text/xml'], { parseAs: 'buffer' }, checkedXmlParser(limits));
  // Core writes read a text/plain body as XML too: the same bound, not fastify's bare text parser.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'buffer' }, checkedXmlParser(limits));

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET' || request.method === 'HEAD') {
      void reply.header('Cache-Control', 'no-cache, max-age=0');
      void reply.header('Pragma', 'no-cache');
    }
    return payload;
  });
}

async function registerSignInEndpoints(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await app.register(async (auth) => {
    // Sign-in endpoints read any body as text (clients send text/plain, XML, JSON or an empty
    // body with a JSON content type), so a body never fails a sign-in before credentials do.
    auth.removeAllContentTypeParsers();
    auth.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, checkedTextParser);
    registerAuth(auth, ctx);
  });
}

/** The `/api` and Core (`/rest`) trees the profile serves, each behind the session check. */
async function registerTrees(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const root = ctx.options.rootPath;
  const trees = ctx.options.trees;
  if (trees.has('api')) {
    await app.register(
      async (api) => {
        api.addHook('onRequest', sessionHook(ctx));
        registerDomains(api, ctx);
      },
      { prefix: `${root}/api` },
    );
    await app.register(
      async (project) => {
        project.addHook('onRequest', sessionHook(ctx));
        registerProjectRoutes(project, ctx);
      },
      { prefix: `${root}/api/domains/:domain/projects/:project` },
    );
  }
  if (trees.has('rest')) {
    await app.register(
      async (rest) => {
        rest.addHook('onRequest', sessionHook(ctx));
        registerCoreDomains(rest, ctx);
      },
      { prefix: `${root}/rest` },
    );
    await app.register(
      async (project) => {
        project.addHook('onRequest', sessionHook(ctx));
        registerCoreProjectRoutes(project, ctx);
      },
      { prefix: `${root}/rest/domains/:domain/projects/:project` },
    );
  }
}
