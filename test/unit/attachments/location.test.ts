import * as assert from 'node:assert/strict';
import { AttachmentUriError, attachmentPath, locationKey, parseAttachmentPath } from '../../../src/attachments/model/location';
import type { AttachmentLocation } from '../../../src/attachments/model/location';

const loc = (over: Partial<AttachmentLocation> = {}): AttachmentLocation => ({ server: 'Demo', domain: 'DEFAULT', project: 'Demo', id: 42, name: 'trace.log', ...over });

describe('attachments: alm-attachment URI paths', () => {
  it('encodes server, domain, project and id, and ends with the file name', () => {
    assert.equal(attachmentPath(loc()), '/Demo/DEFAULT/Demo/42/trace.log');
    assert.deepEqual(parseAttachmentPath('/Demo/DEFAULT/Demo/42/trace.log'), loc());
  });

  it('round-trips names holding "/", "%", "#", "?", spaces and non-ASCII', () => {
    const odd = loc({ server: 'QA/EU 50%', domain: 'D#1', project: 'Pro?ject ü', id: 9007199254740, name: 'report 2026 #3.pdf' });
    const path = attachmentPath(odd);
    assert.equal(path.split('/').length, 6, path);
    assert.deepEqual(parseAttachmentPath(path), odd);
  });

  it('keeps names readable in the breadcrumbs: only "%" and "/" are encoded, and the old fully encoded paths still read (issue 37)', () => {
    const spaced = loc({ server: 'ALM 26.1', project: 'Web Shop ü', id: 18 });
    assert.equal(attachmentPath(spaced), '/ALM 26.1/DEFAULT/Web Shop ü/18/trace.log');
    assert.deepEqual(parseAttachmentPath('/ALM%2026.1/DEFAULT/Web%20Shop%20%C3%BC/18/trace.log'), spaced);
  });

  it('sanitizes the file name so it is one segment with its real extension', () => {
    const path = attachmentPath(loc({ name: '../../etc/passwd' }));
    assert.equal(path, '/Demo/DEFAULT/Demo/42/.._.._etc_passwd');
    assert.equal(parseAttachmentPath(path).id, 42);
    assert.ok(attachmentPath(loc({ name: 'CON.png' })).endsWith('/_CON.png'));
  });

  it('gives the same key whatever the name, and different keys for different attachments', () => {
    assert.equal(locationKey(loc({ name: 'a' })), locationKey(loc({ name: 'b' })));
    assert.notEqual(locationKey(loc()), locationKey(loc({ id: 43 })));
    assert.notEqual(locationKey(loc({ server: 'a/b', domain: 'c' })), locationKey(loc({ server: 'a', domain: 'b/c' })));
  });

  it('rejects paths that are not attachment addresses with a clear error', () => {
    for (const bad of [
      '',
      '/',
      '/Demo/DEFAULT/Demo/42',
      '/Demo/DEFAULT/Demo/0/x',
      '/Demo/DEFAULT/Demo/-1/x',
      '/Demo/DEFAULT/Demo/4x/x',
      '/Demo/DEFAULT/Demo/42/',
      '//DEFAULT/Demo/42/x',
      '/Demo/DEFAULT/Demo/42/x/y',
      '/Demo/%E0%A4%A/Demo/42/x',
      'Demo/DEFAULT/Demo/42/x/',
    ]) {
      assert.throws(() => parseAttachmentPath(bad), AttachmentUriError, bad);
    }
    assert.throws(() => attachmentPath(loc({ id: 0 })), /positive integer/);
    assert.throws(() => attachmentPath(loc({ project: '' })), /must not be empty/);
  });
});
