import { strict as assert } from 'node:assert';
import { CookieJar } from '../../../src/api/http/cookies';

describe('api/http/cookies', () => {
  it('treats each Set-Cookie header as one cookie and lets the latest value win', () => {
    const jar = new CookieJar();
    jar.update(['LWSSO_COOKIE_KEY=abc;Path=/;HTTPOnly', 'QCSession=q1;Path=/;HttpOnly', 'XSRF-TOKEN=x1;Path=/']);
    jar.update('QCSession=q2;Path=/;HttpOnly');
    assert.equal(jar.header('/qcbin/api/domains', false), 'LWSSO_COOKIE_KEY=abc; QCSession=q2; XSRF-TOKEN=x1');
  });

  it('does not split a cookie whose Expires date contains a comma', () => {
    const jar = new CookieJar();
    jar.update('A=1; Expires=Wed, 21 Oct 2099 07:28:00 GMT; Path=/');
    assert.equal(jar.get('A'), '1');
    assert.equal(jar.header('/', false), 'A=1');
  });

  it('removes a cookie that the server expires (Expires in the past, ALM dash format, or Max-Age=0)', () => {
    const jar = new CookieJar();
    jar.update(['LWSSO_COOKIE_KEY=abc;Path=/', 'QCSession=q;Path=/', 'B=2;Path=/']);
    jar.update('QCSession="";Expires=Thu, 01-Jan-1970 00:00:10 GMT;Path=/');
    jar.update('LWSSO_COOKIE_KEY="";Version=1;Path=/;Expires=Thu, 01 Jan 1970 00:00:00 GMT;Max-Age=0');
    assert.equal(jar.header('/', false), 'B=2');
  });

  it('honours Path and Secure, and Max-Age over Expires', () => {
    const jar = new CookieJar();
    const now = Date.parse('2030-01-01T00:00:00Z');
    jar.update(['JSESSIONID=j;Path=/qcbin;HttpOnly', 'S=s;Path=/;Secure', 'M=m;Max-Age=10;Expires=Thu, 01 Jan 1970 00:00:00 GMT'], now);
    assert.equal(jar.header('/qcbin/api', false, now), 'JSESSIONID=j; M=m');
    assert.equal(jar.header('/qcbinx', true, now), 'S=s; M=m');
    assert.equal(jar.header('/other', true, now + 11_000), 'S=s');
  });

  it('ignores malformed headers and keeps values for scrubbing', () => {
    const jar = new CookieJar();
    jar.update(['=nameless;Path=/', 'noequals', 'LWSSO_COOKIE_KEY=secretvalue123;Path=/']);
    assert.equal(jar.header('/', false), 'LWSSO_COOKIE_KEY=secretvalue123');
    assert.deepEqual(jar.values(), ['secretvalue123']);
  });
});
