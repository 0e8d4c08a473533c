// The three forms of an error answer (reference §8.1, §15.11), chosen from what the client asked
// for: `QCRestException` XML for an XML Accept, `{Id, Title, ExceptionProperties, StackTrace}`
// JSON for a JSON Accept, and on the Core tree an HTML page when it asked for neither (no Accept,
// or only types such as octet-stream); `*/*` gets the tree's own format (Core XML, `/api` JSON).
// The `/api` tree answers JSON unless XML is asked for: its reference says errors are "generally
// application/json", and the seed's clients read JSON errors after an octet-stream or text/html Accept.
import { isWriteRefused, storageError } from './diskFull';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { mediaRanges, requestedMedia } from './mediaTypes';
import { AlmError } from './errors';
import type { AlmProfile } from './profile';
import { xmlDocument, xmlMarkup } from './xml';

type ErrorFormat = 'json' | 'xml' | 'html';

/** True for a URL of the Core tree (`<root>/rest/…`, `authentication-point`), whose default format is XML. */
function isCoreUrl(request: FastifyRequest, rootPath: string): boolean {
  return request.url.startsWith(`${rootPath}/rest/`) || request.url.startsWith(`${rootPath}/authentication-point/`);
}

/** A route registered with `config: { xmlOnly: true }` answers XML errors even to a JSON Accept. */
function isXmlOnly(request: FastifyRequest): boolean {
  return (request.routeOptions.config as { xmlOnly?: boolean } | undefined)?.xmlOnly === true;
}

function errorFormat(request: FastifyRequest, rootPath: string): ErrorFormat {
  const format = acceptedErrorFormat(request, rootPath);
  return format === 'json' && isXmlOnly(request) ? 'xml' : format;
}

function acceptedErrorFormat(request: FastifyRequest, rootPath: string): ErrorFormat {
  const core = isCoreUrl(request, rootPath);
  for (const type of mediaRanges(requestedMedia(request))) {
    if (type === 'application/json' || type === 'text/json') return 'json';
    if (type === 'application/xml' || type === 'text/xml') return 'xml';
    if (type === '*/*' || type === 'application/*') return core ? 'xml' : 'json';
  }
  return core ? 'html' : 'json';
}

/** `ExceptionProperties` as XML: `<ExceptionProperty Name="…" Value="…"/>` per name/value pair. */
function xmlProperties(error: AlmError): unknown {
  const special = error.propertiesXml();
  if (special !== undefined) return special;
  if (!error.properties?.length) return '';
  return { ExceptionProperty: error.properties.map((p) => ({ '@_Name': p.Name, '@_Value': p.Value === null ? '' : String(p.Value) })) };
}

function renderError(error: AlmError, format: ErrorFormat): { type: string; body: string } {
  if (format === 'json') return { type: 'application/json; charset=utf-8', body: JSON.stringify(error.toBody()) };
  if (format === 'xml') {
    const tree = { QCRestException: { Id: error.id, Title: error.title, ExceptionProperties: xmlProperties(error), StackTrace: '' } };
    return { type: 'application/xml; charset=utf-8', body: xmlDocument(tree) };
  }
  // The builder escapes the title, which can echo user input (a field name, a value).
  const page = {
    html: {
      head: { title: `${error.status} ${error.title}` },
      body: { h1: `HTTP ${error.status}`, p: [{ b: error.id }, error.title] },
    },
  };
  return { type: 'text/html; charset=utf-8', body: `<!DOCTYPE html>${xmlMarkup(page)}` };
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AlmError, rootPath: string): FastifyReply {
  if (error.headers) void reply.headers(error.headers);
  const { type, body } = renderError(error, errorFormat(request, rootPath));
  return reply.code(error.status).type(type).send(body);
}

/**
 * Maps every thrown error to a status and an ALM body. Fastify's own client errors (bad JSON,
 * unsupported media type, too large) keep their 4xx status; anything else is a real 500.
 */
export function installErrorHandler(app: FastifyInstance, rootPath: string, profile: AlmProfile, readOnlyReason: () => string | undefined): void {
  app.setErrorHandler((error: FastifyError | AlmError | Error, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AlmError) return sendError(request, reply, asReleaseLineAnswers(error, profile), rootPath);
    if (isWriteRefused(error)) {
      request.log.error({ err: error }, 'storage refused a write');
      return sendError(request, reply, storageError(error, readOnlyReason()), rootPath);
    }
    const almError = fromFastifyError(error);
    if (almError.status >= 500) request.log.error({ err: error }, 'internal error');
    return sendError(request, reply, almError, rootPath);
  });
  app.setNotFoundHandler((request, reply) => {
    const err = new AlmError(404, 'qccore.general-error', `Resource not found: ${request.method} ${request.url.split('?')[0]}`);
    return sendError(request, reply, err, rootPath);
  });
}

/**
 * The error as the profile's release line words it (reference §16.3, §16.4): 26.1 answers a bad
 * order-by or page-size with 404 `qccore.invalid-query-value`, a business-rule refusal with 500
 * general-error keeping the readable Title, and names a missing required field by its label.
 */
function asReleaseLineAnswers(error: AlmError, profile: AlmProfile): AlmError {
  const { invalidQueryValue, businessRule, requiredLabel } = error.variants;
  if (profile.invalidQueryValue && invalidQueryValue !== undefined) return new AlmError(404, 'qccore.invalid-query-value', invalidQueryValue, undefined, error.headers);
  if (profile.ruleFailuresAs500 && businessRule) return new AlmError(500, 'qccore.general-error', error.title, [], error.headers);
  if (profile.requiredFieldByLabel && requiredLabel !== undefined) {
    return new AlmError(error.status, error.id, `The field '${requiredLabel}' is required.`, undefined, error.headers);
  }
  return error;
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
