import { strict as assert } from 'node:assert';
import {
  AuthError,
  CancelledError,
  ForbiddenError,
  LockedByOtherError,
  NetworkError,
  NotFoundError,
  ProxyAuthError,
  ServerError,
  TimeoutError,
  TlsError,
  ValidationError,
  VersionConflictError,
} from '../../../src/api/errors';
import { errorFromResponse, errorFromTransport, parseErrorBody, sessionEnded } from '../../../src/api/http/errorMapping';

const body = (id: string, title: string, props: unknown = null) => JSON.stringify({ Id: id, Title: title, ExceptionProperties: props, StackTrace: null });
const ctx = { host: 'alm.example.com', timedOut: false, cancelled: false };

describe('api/http/errorMapping: server error bodies', () => {
  it('maps 401 to AuthError and keeps the server title', () => {
    const e = errorFromResponse(401, body('qccore.session-has-expired', 'Session expired'), 'GET /x');
    assert.ok(e instanceof AuthError);
    assert.equal(e.almId, 'qccore.session-has-expired');
    assert.match(e.message, /Session expired/);
  });

  it('maps lock failures to LockedByOtherError with who and since when, from properties', () => {
    const e = errorFromResponse(
      403,
      body('qccore.lock-failure', 'Entity is locked', [
        { Name: 'user', Value: 'bob' },
        { Name: 'lock-time', Value: '2026-01-05 10:11:12' },
      ]),
      'PUT /d/1',
    );
    assert.ok(e instanceof LockedByOtherError);
    assert.equal(e.lockedBy, 'bob');
    assert.equal(e.since, '2026-01-05 10:11:12');
    assert.match(e.message, /bob is editing this item \(locked since 2026-01-05 10:11:12\)/);
  });

  it('falls back to the title for the lock holder and time', () => {
    const e = errorFromResponse(403, body('qccore.lock-failure', "Failed to update entity: The entity is locked by user 'yakovc' since 2026-02-01 08:00:00"), 'PUT /d/1');
    assert.ok(e instanceof LockedByOtherError);
    assert.equal(e.lockedBy, 'yakovc');
    assert.equal(e.since, '2026-02-01 08:00:00');
  });

  it('maps validation ids to ValidationError problems with the field', () => {
    const e = errorFromResponse(400, body('qccore.invalid-list-field-value', "'Dismissed' is not a value of status", [{ Name: 'field', Value: 'status' }]), 'PUT /d/1');
    assert.ok(e instanceof ValidationError);
    assert.deepEqual(e.problems, [{ field: 'status', code: 'not-in-list', message: "'Dismissed' is not a value of status" }]);
    const f = errorFromResponse(404, body('qccore.invalid-filter-expression', 'bad filter'), 'GET /d');
    assert.ok(f instanceof ValidationError);
    assert.equal(f.problems[0].code, 'invalid-filter');
    const big = errorFromResponse(413, body('qccore.general-error', 'The request body is too large.'), 'POST /a');
    assert.ok(big instanceof ValidationError);
    assert.equal(big.problems[0].code, 'too-large');
  });

  it('maps 404, 403, 409 and 5xx', () => {
    assert.ok(errorFromResponse(404, body('qccore.entity-not-found', 'no defect 9'), 'GET /d/9') instanceof NotFoundError);
    assert.ok(errorFromResponse(403, body('qccore.operation-forbidden', 'no'), 'GET /d') instanceof ForbiddenError);
    assert.ok(errorFromResponse(409, body('qccore.check-version-failed', 'stale'), 'PUT /d/1') instanceof VersionConflictError);
    assert.ok(errorFromResponse(409, body('qccore.general-error', 'The entity was modified by another user'), 'PUT /d/1') instanceof VersionConflictError);
    const clash = errorFromResponse(409, body('qccore.general-error', "defect 1 already has an attachment named 'a.txt' (id 4)."), 'PUT /a/5');
    assert.ok(clash instanceof ValidationError);
    assert.match(clash.message, /already has an attachment named/);
    const s = errorFromResponse(500, '<html><title>Internal Error</title></html>', 'GET /d');
    assert.ok(s instanceof ServerError);
    assert.match(s.message, /HTTP 500.*Internal Error/);
  });

  it('reads the error forms of a live 26.1 (reference §16.1, §16.3, §16.4) by what they mean', () => {
    const loggedOut = body('qccore.general-error', 'TokenId is invalid because it has logged out');
    assert.ok(sessionEnded(500, parseErrorBody(loggedOut)), 'a logged-out session is a session to renew');
    assert.ok(sessionEnded(401, parseErrorBody('')));
    assert.ok(!sessionEnded(500, parseErrorBody(body('qccore.general-error', 'General Error'))));

    const badQuery = errorFromResponse(404, body('qccore.invalid-query-value', 'Page size values can be either integer between 0 and 2,000 or "max"'), 'GET /d');
    assert.ok(badQuery instanceof ValidationError, 'a bad query value is not "not found"');
    assert.match(badQuery.message, /Page size values/);
    assert.equal(badQuery.problems[0].code, 'invalid-filter');

    const rule = errorFromResponse(500, body('qccore.general-error', 'Invalid owner specified: 0.', []), 'PUT /d/1');
    assert.ok(rule instanceof ValidationError, 'a broken business rule is a refusal with its reason');
    assert.match(rule.message, /Invalid owner specified: 0\./);
    assert.ok(!/server failed/i.test(rule.message));

    for (const failure of ['General Error', 'Cannot invoke "com.fasterxml.jackson.databind.JsonNode.has(String)" because "node" is null']) {
      assert.ok(errorFromResponse(500, body('qccore.general-error', failure), 'POST /d') instanceof ServerError, failure);
    }

    const required = errorFromResponse(400, body('qccore.required-field-missing', "The field 'Severity' is required."), 'POST /d');
    assert.ok(required instanceof ValidationError);
    assert.deepEqual([required.problems[0].code, required.problems[0].label], ['required', 'Severity']);
  });

  it('reads an XML error body (QCRestException) with its id and title', () => {
    const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><QCRestException><Id>qccore.lock-failure</Id><Title>Entity locked by user bob</Title><StackTrace/></QCRestException>';
    assert.deepEqual(parseErrorBody(xml), { almId: 'qccore.lock-failure', title: 'Entity locked by user bob', properties: undefined });
    const e = errorFromResponse(403, xml, 'POST /d/1/lock');
    assert.ok(e instanceof LockedByOtherError);
    assert.equal(e.lockedBy, 'bob');
  });

  it('reads HTML and empty bodies without failing', () => {
    assert.deepEqual(parseErrorBody(''), { title: undefined });
    assert.equal(parseErrorBody('<p>Authentication failed.</p>').title, 'Authentication failed.');
    assert.equal(parseErrorBody('{not json').title, '{not json');
    assert.equal(parseErrorBody('a <b>bold</b> x < y').title, 'a bold x < y', 'a `<` with no `>` after it stays text');
    assert.equal(parseErrorBody('<<a>b').title, 'b');
  });

  it('reads a hostile error page of unclosed tags as its text, cut at 200 characters (its cost: bench:hostile)', () => {
    const size = 64 * 1024;
    assert.equal(parseErrorBody('<a'.repeat(size / 2)).title?.length, 200, 'the unclosed tags are the text, cut at 200 characters');
    assert.equal(parseErrorBody(`${'<p>Service unavailable. </p>'.repeat(size / 28)}`).title?.startsWith('Service unavailable.'), true);
  });
});

describe('api/http/errorMapping: transport failures', () => {
  const withCode = (code: string, message = code) => Object.assign(new Error(message), { code });

  it('maps connection, DNS and TLS codes to actionable errors', () => {
    const refused = errorFromTransport(withCode('ECONNREFUSED'), ctx);
    assert.ok(refused instanceof NetworkError);
    assert.match(refused.message, /refused the connection/);
    assert.ok(errorFromTransport(withCode('ENOTFOUND'), ctx) instanceof NetworkError);
    const tls = errorFromTransport(withCode('SELF_SIGNED_CERT_IN_CHAIN'), ctx);
    assert.ok(tls instanceof TlsError);
    assert.equal(tls.kind, 'tls');
    assert.match(tls.message, /caFile/);
  });

  it('finds the code on a wrapped cause', () => {
    const wrapped = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET', cause: withCode('UNABLE_TO_VERIFY_LEAF_SIGNATURE') });
    assert.ok(errorFromTransport(wrapped, ctx) instanceof TlsError);
  });

  it('maps undici timeouts, our timeout and cancellation', () => {
    assert.ok(errorFromTransport(withCode('UND_ERR_HEADERS_TIMEOUT'), ctx) instanceof TimeoutError);
    assert.ok(errorFromTransport(withCode('UND_ERR_CONNECT_TIMEOUT'), ctx) instanceof TimeoutError);
    assert.ok(errorFromTransport(new Error('aborted'), { ...ctx, timedOut: true }) instanceof TimeoutError);
    assert.ok(errorFromTransport(new Error('aborted'), { ...ctx, cancelled: true }) instanceof CancelledError);
  });

  it('explains proxy refusals: a 407 is a ProxyAuthError that says whether credentials were refused', () => {
    const refusal = new Error('Proxy response (407) !== 200 when HTTP Tunneling');
    const e = errorFromTransport(refusal, { ...ctx, proxy: 'http://proxy:3128' });
    assert.ok(e instanceof ProxyAuthError);
    assert.equal(e.refusedCredentials, false);
    assert.equal(e.proxy, 'http://proxy:3128');
    assert.match(e.message, /requires you to sign in \(HTTP 407\)/);
    const wrong = errorFromTransport(refusal, { ...ctx, proxy: 'http://proxy:3128', proxyAuthSent: true });
    assert.ok(wrong instanceof ProxyAuthError && wrong.refusedCredentials);
    assert.match(wrong.message, /did not accept the user name and password/);
    const other = errorFromTransport(new Error('Proxy response (403) !== 200 when HTTP Tunneling'), { ...ctx, proxy: 'http://proxy:3128' });
    assert.ok(other instanceof NetworkError && !(other instanceof ProxyAuthError));
    assert.match(other.message, /HTTP 403/);
  });

  it('passes already-mapped errors through', () => {
    const nf = new NotFoundError('gone');
    assert.equal(errorFromTransport(nf, ctx), nf);
  });
});
