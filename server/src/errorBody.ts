// The three forms of an error answer (reference §8.1, §15.11), chosen from what the client asked
// for: `QCRestException` XML for an XML Accept, `{Id, Title, ExceptionProperties, StackTrace}`
// JSON for a JSON Accept, and on the Core tree an HTML page when it asked for neither (no Accept,
// or only types such as octet-stream); `*/*` gets the tree's own format (Core XML, `/api` JSON).
// The `/api` tree answers JSON unless XML is asked for: its reference says errors are "generally
// application/json", and the seed's clients read JSON errors after an octet-stream or text/html Accept.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mediaRanges, requestedMedia } from './mediaTypes';
import { xmlDocument, xmlMarkup } from './core/wire/entity';
import type { AlmError } from './errors';

type ErrorFormat = 'json' | 'xml' | 'html';

/** True for a URL of the Core tree (`<root>/rest/…`), whose default format is XML. */
function isCoreUrl(request: FastifyRequest, rootPath: string): boolean {
  return request.url.startsWith(`${rootPath}/rest/`);
}

function errorFormat(request: FastifyRequest, rootPath: string): ErrorFormat {
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
