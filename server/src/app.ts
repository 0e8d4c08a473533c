// Fastify assembly: body parsers, compression, no-cache headers on reads, the ALM error handler,
// the sign-in endpoints, and the session-guarded routes of the trees chosen by `trees`: the
// seed's `/api` and the Core `/rest`.
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import type { ServerContext } from './context';
import { AlmError, installErrorHandler } from './errors';
import { sendError } from './errorBody';
import { registerAuth, sessionHook } from './auth/index';
import { registerDomains } from './routes/domains';
import { registerProjectRoutes } from './routes/index';
import { registerCoreDomains, registerCoreProjectRoutes } from './core/index';

export async function buildApp(ctx: ServerContext): Promise<FastifyInstance> {
  const app = Fastify({
    logger: ctx.options.log,
    // Large multi-defect PUTs are legitimate; attachments stream through their own parser.
    bodyLimit: 20 * 1024 * 1024,
    // Long path segments (domain and project names) must not be cut at the default 100 characters.
    routerOptions: { maxParamLength: 500 },
    // Errors fastify raises before routing (a malformed URL) get the ALM body too.
    frameworkErrors: (error, request, reply) => {
      const plain = reply as unknown as FastifyReply;
      void sendError(request as unknown as FastifyRequest, plain, new AlmError(400, 'qccore.general-error', `Bad request: ${error.message}`), ctx.options.rootPath);
    },
  });
  installErrorHandler(app, ctx.options.rootPath);
  await app.register(compress, { encodings: ['gzip', 'deflate'], threshold: 1024 });

  // XML bodies (alm-authenticate, site-session parameters) are read as text.
  app.addContentTypeParser(['application/xml', 'text/xml'], { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET' || request.method === 'HEAD') {
      void reply.header('Cache-Control', 'no-cache, max-age=0');
      void reply.header('Pragma', 'no-cache');
    }
    return payload;
  });

  await app.register(async (auth) => {
    // Sign-in endpoints read any body as text (clients send text/plain, XML, JSON or an empty
    // body with a JSON content type), so a body never fails a sign-in before credentials do.
    auth.removeAllContentTypeParsers();
    auth.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    registerAuth(auth, ctx);
  });

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
  return app;
}
