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

/** What a failure is, for the release lines that answer it in their own way (profile.ts). */
export interface AlmErrorVariants {
  /** A bad `order-by` or `page-size`: 26.1's 404 `qccore.invalid-query-value` Title. */
  invalidQueryValue?: string;
  /** A write refused by a business rule (a missing release, a user outside the project): 26.1 answers 500 general-error. */
  businessRule?: boolean;
  /** A required field that is missing: its display label, which 26.1's Title names. */
  requiredLabel?: string;
}

export class AlmError extends Error {
  readonly status: number;
  /** A `qccore.*` exception id (reference §8.3). */
  readonly id: string;
  readonly title: string;
  readonly properties: ExceptionProperty[] | undefined;
  /** Extra response headers, e.g. `WWW-Authenticate` on a 401. */
  readonly headers: Record<string, string> | undefined;
  /** How release lines that answer this failure differently would word it (applied by errorBody.ts per profile). */
  variants: AlmErrorVariants = {};

  constructor(status: number, id: string, title: string, properties?: ExceptionProperty[], headers?: Record<string, string>) {
    super(title);
    this.name = 'AlmError';
    this.status = status;
    this.id = id;
    this.title = title;
    this.properties = properties;
    this.headers = headers;
  }

  /** Records how other release lines answer this failure; returns the error for `throw`. */
  withVariants(variants: AlmErrorVariants): this {
    this.variants = { ...this.variants, ...variants };
    return this;
  }

  toBody(): AlmErrorBody {
    return { Id: this.id, Title: this.title, ExceptionProperties: this.properties ?? null, StackTrace: null };
  }

  /** The XML content of `<ExceptionProperties>` when it is not a list of name/value pairs (bulk errors). */
  propertiesXml(): unknown {
    return undefined;
  }
}
