// Slow request bodies time out (issue 28 item 4), as slow headers already do: a body must arrive
// within `bodyTimeoutMs`, extended by one second for every `minBodyBytesPerSecond` bytes received
// (Apache's mod_reqtimeout rule `body=…,MinRate=…`). A client dribbling a byte every 20 s kept a
// connection (and a file descriptor) forever, even before sign-in; a slow upload that keeps
// moving at a real rate still goes through.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestLimits } from './config';

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/** Watches the body of every request in `app`; a body behind its deadline gets a 408 and its connection is closed. */
export function installBodyTimeout(app: FastifyInstance, limits: RequestLimits): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!hasBody(request)) return;
    const socket = request.raw.socket;
    const started = Date.now();
    const readAtStart = socket.bytesRead;
    let timer: NodeJS.Timeout | undefined;
    const stop = () => clearTimeout(timer);
    const deadline = () => started + limits.bodyTimeoutMs + ((socket.bytesRead - readAtStart) / limits.minBodyBytesPerSecond) * 1000;
    const check = () => {
      if (request.raw.complete || socket.destroyed) return;
      const left = deadline() - Date.now();
      if (left > 0) {
        timer = setTimeout(check, left);
        return;
      }
      const answer = JSON.stringify({
        Id: 'qccore.general-error',
        Title: `The request body arrived too slowly (under ${limits.minBodyBytesPerSecond} bytes a second after ${limits.bodyTimeoutMs / 1000} s); the connection is closed.`,
        ExceptionProperties: null,
        StackTrace: null,
      });
      if (!reply.raw.headersSent) reply.raw.writeHead(408, { 'Content-Type': 'application/json', Connection: 'close', 'Content-Length': Buffer.byteLength(answer) });
      // The request is ended too: once its answer is sent, Node no longer tells the request that
      // its socket closed, and whatever reads the body (an upload streaming into a temporary
      // file) would wait for the rest forever, its file left behind (issue 38 item 14).
      const cut = () => {
        request.raw.destroy();
        socket.destroy();
      };
      reply.raw.end(answer, cut);
      // Whatever happens to the answer, the connection does not outlive a short grace.
      setTimeout(cut, 1000).unref();
    };
    timer = setTimeout(check, limits.bodyTimeoutMs);
    request.raw.once('end', stop);
    request.raw.once('close', stop);
    reply.raw.once('finish', stop);
  });
}
