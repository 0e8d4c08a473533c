// The ALM error model: every failure a client can cause is an AlmError carrying a `qccore.*` id,
// and is answered with the real server's body {Id, Title, ExceptionProperties, StackTrace} in the
// form the client asked for (errorBody.ts: JSON, QCRestException XML or an HTML page, and the
// handler that maps every thrown error to one).

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
