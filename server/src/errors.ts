// The ALM error model: every failure a client can cause is an AlmError carrying a `qccore.*` id,
// and is answered with the real server's body {Id, Title, ExceptionProperties, StackTrace} in the
// form the client asked for (errorBody.ts: JSON, QCRestException XML or an HTML page).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './errorBody';

/** A name/value pair of ExceptionProperties, as real servers send them. */
export interface ExceptionProperty {
  Name: string;
  Value: string | number | null;
}

export interface AlmErrorBody {
  Id: string;
  Title: string;
  /** Name/value pairs, or the bulk form `[{Name, BulkValue}]` (reference §8.1). */
  ExceptionProperties: ExceptionProperty[] | Record<string, unknown>[] | null;
  StackTrace: null;
}

export class AlmError extends Error {
  readonly status: number;
  /** A `qccore.*` exception id (reference §8.3). */
  readonly id: string;
  readonly title: string;
  readonly properties: ExceptionProperty[] | undefined;
  /** Extra response headers, e.g. `WWW-Authenticate` on a 401. */
  readonly headers: Record<string, string> | undefined;

  constructor(status: number, id: string, title: string, properties?: ExceptionProperty[], headers?: Record<string, string>) {
    super(title);
    this.name = 'AlmError';
    this.status = status;
    this.id = id;
    this.title = title;
    this.properties = properties;
    this.headers = headers;
  }

  toBody(): AlmErrorBody {
    return { Id: this.id, Title: this.title, ExceptionProperties: this.properties ?? null, StackTrace: null };
  }

  /** The XML content of `<ExceptionProperties>` when it is not a list of name/value pairs (bulk errors). */
  propertiesXml(): unknown {
    return undefined;
  }
}

/**
 * Maps every thrown error to a status and an ALM body. Fastify's own client errors (bad JSON,
 * unsupported media type, too large) keep their 4xx status; anything else is a real 500.
 */
export function installErrorHandler(app: FastifyInstance, rootPath: string): void {
  app.setErrorHandler((error: FastifyError | AlmError | Error, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AlmError) return sendError(request, reply, error, rootPath);
    const almError = fromFastifyError(error);
    if (almError.status >= 500) request.log.error({ err: error }, 'internal error');
    return sendError(request, reply, almError, rootPath);
  });
  app.setNotFoundHandler((request, reply) => {
    const err = new AlmError(404, 'qccore.general-error', `Resource not found: ${request.method} ${request.url.split('?')[0]}`);
    return sendError(request, reply, err, rootPath);
  });
}

function fromFastifyError(error: FastifyError | Error): AlmError {
  const code = 'code' in error ? error.code : undefined;
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  switch (code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AlmError(400, 'qccore.general-error', `Malformed JSON in the request body: ${error.message}`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AlmError(415, 'qccore.general-error', `Unsupported Content-Type: ${error.message}`);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AlmError(413, 'qccore.general-error', 'The request body is too large.');
  }
  // A SyntaxError raised while parsing a body is the client's malformed input.
  if (error instanceof SyntaxError) return new AlmError(400, 'qccore.general-error', `Malformed request body: ${error.message}`);
  if (status >= 400 && status < 500) return new AlmError(status, 'qccore.general-error', error.message);
  return new AlmError(500, 'qccore.general-error', 'Internal server error.');
}
