// The one error family of the ALM client. Every failure a caller can see is an AlmApiError
// subclass with a message a user can act on; callers branch on the class (or on `kind`), never on
// message text. Messages never carry passwords, cookies or Authorization headers.

/** Stable discriminator, handy where `instanceof` is awkward (e.g. across a message boundary). */
export type AlmErrorKind = 'auth' | 'forbidden' | 'not-found' | 'locked' | 'lock-lost' | 'validation' | 'version-conflict' | 'network' | 'tls' | 'timeout' | 'cancelled' | 'server' | 'guard';

/** What the server said, when it said it in its JSON error body `{Id, Title, ExceptionProperties}`. */
export interface ServerErrorDetails {
  status: number;
  /** e.g. `qccore.lock-failure`. */
  almId?: string;
  /** The server's own human title. */
  title?: string;
  /** ExceptionProperties as sent (shape varies by server). */
  properties?: unknown;
  /** `METHOD path` of the failed request, without query string. */
  request?: string;
}

export abstract class AlmApiError extends Error {
  abstract readonly kind: AlmErrorKind;
  readonly status?: number;
  readonly almId?: string;
  readonly serverTitle?: string;
  readonly properties?: unknown;
  readonly request?: string;

  constructor(message: string, details?: Partial<ServerErrorDetails>, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.status = details?.status;
    this.almId = details?.almId;
    this.serverTitle = details?.title;
    this.properties = details?.properties;
    this.request = details?.request;
  }
}

/** Bad credentials, or a session the server no longer accepts after one re-sign-in. */
export class AuthError extends AlmApiError {
  readonly kind = 'auth' as const;
}

/** The user is signed in but may not do this (not a lock conflict). */
export class ForbiddenError extends AlmApiError {
  readonly kind = 'forbidden' as const;
}

export class NotFoundError extends AlmApiError {
  readonly kind = 'not-found' as const;
}

/** Another user holds the lock on the entity. */
export class LockedByOtherError extends AlmApiError {
  readonly kind = 'locked' as const;
  constructor(
    message: string,
    /** User holding the lock, when the server named them. */
    readonly lockedBy: string | undefined,
    /** Lock time as the server wrote it (`YYYY-MM-DD hh:mm:ss`), when known. */
    readonly since: string | undefined,
    details?: Partial<ServerErrorDetails>,
  ) {
    super(message, details);
  }
}

/** One problem with one field; `label` is what the user sees in the form. */
export interface FieldProblem {
  /** Logical field name, or undefined for a problem not tied to one field (e.g. a bad filter). */
  field?: string;
  label?: string;
  code: 'required' | 'max-length' | 'not-in-list' | 'format' | 'type' | 'unknown-field' | 'read-only' | 'invalid-filter' | 'too-large' | 'other';
  message: string;
}

/** The server (or the client's own check, before sending) rejected values; `problems` lists every one. */
export class ValidationError extends AlmApiError {
  readonly kind = 'validation' as const;
  constructor(
    message: string,
    readonly problems: FieldProblem[],
    details?: Partial<ServerErrorDetails>,
  ) {
    super(message, details);
  }
}

/**
 * The lock a write was made under is no longer held (its session ended and the client signed in
 * again, which the server answers by releasing the session's locks): nothing was written.
 */
export class LockLostError extends AlmApiError {
  readonly kind = 'lock-lost' as const;
}

/** The entity changed on the server since it was read. */
export class VersionConflictError extends AlmApiError {
  readonly kind = 'version-conflict' as const;
}

/** The server could not be reached or the connection broke (DNS, refused, reset, proxy). */
export class NetworkError extends AlmApiError {
  readonly kind: 'network' | 'tls' = 'network';
  /** Node/undici error code, e.g. `ECONNREFUSED`. */
  readonly code?: string;
  constructor(message: string, code?: string, options?: { cause?: unknown; details?: Partial<ServerErrorDetails> }) {
    super(message, options?.details, { cause: options?.cause });
    this.code = code;
  }
}

/** The certificate a refused server presented, and the stores it was checked against. */
export interface CertificateProblem {
  subject: string;
  issuer: string;
  fingerprint: string;
  /** The topmost certificate the server sent (PEM): the CA to trust when it is one. */
  topPem: string;
  topIsCa: boolean;
  /** The stores tried, in words (`the operating system's store (/etc/ssl/…)`). */
  storesTried: string[];
}

/** The server's TLS certificate was not trusted (or another TLS failure). */
export class TlsError extends NetworkError {
  override readonly kind = 'tls' as const;
  /** Filled in when the certificate could be read (see http/tlsProbe.ts). */
  certificate?: CertificateProblem;
}

/**
 * The proxy answered 407: it wants credentials, or refused the ones sent. `schemes` are those its
 * Proxy-Authenticate offered (`Basic`, `Negotiate`, `NTLM`), when known.
 */
export class ProxyAuthError extends NetworkError {
  constructor(
    message: string,
    /** The proxy, without credentials (`http://proxy:3128`). */
    readonly proxy: string,
    /** Whether credentials were sent (and so refused). */
    readonly refusedCredentials: boolean,
    readonly schemes: readonly string[] = [],
    options?: { cause?: unknown },
  ) {
    super(message, 'PROXY_AUTH', options);
  }
}

export class TimeoutError extends AlmApiError {
  readonly kind = 'timeout' as const;
}

/** The caller cancelled; never show this to a user as an error. */
export class CancelledError extends AlmApiError {
  readonly kind = 'cancelled' as const;
  constructor(message = 'The operation was cancelled.') {
    super(message);
  }
}

/** The server failed (5xx) or answered in a way the client cannot understand. */
export class ServerError extends AlmApiError {
  readonly kind = 'server' as const;
}

/**
 * The server answered in a shape the client does not know (a resource of a version not seen yet):
 * metadata readers fall back to what they can do without it, as for a refused request.
 */
export class UnexpectedAnswerError extends ServerError {}

/** The answer was larger than the client's limit and was not read: a smaller request may fit. */
export class AnswerTooLargeError extends ServerError {}

/**
 * The client refused to send a request that could change every instance of a collection
 * (PUT or DELETE on a collection without a non-empty explicit selection). A programming error.
 */
export class SelectionGuardError extends AlmApiError {
  readonly kind = 'guard' as const;
}

export function isAlmApiError(e: unknown): e is AlmApiError {
  return e instanceof AlmApiError;
}

/** True for a cancellation, which callers should swallow silently. */
export function isCancellation(e: unknown): boolean {
  return e instanceof CancelledError;
}
