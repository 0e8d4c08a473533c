// Paste as Attachments reads the clipboard as text: file URIs and absolute paths, one per line,
// count as files; anything else means no files at all (ordinary text is never uploaded as if it
// named files).
import assert from 'node:assert/strict';
import { posix, win32 } from 'node:path';
import { clipboardFiles } from '../../../src/attachments/model/clipboard';

const posixAbsolute = (p: string) => posix.isAbsolute(p);
const windowsAbsolute = (p: string) => win32.isAbsolute(p);

describe('attachments/model/clipboard: files named on the clipboard', () => {
  it('reads file URIs and absolute paths, skipping blank and # lines and quotes', () => {
    assert.deepEqual(clipboardFiles('file:///home/me/a.png\r\n# comment\n\n"/tmp/b c.txt"\n', posixAbsolute), [{ uri: 'file:///home/me/a.png' }, { path: '/tmp/b c.txt' }]);
    assert.deepEqual(clipboardFiles('C:\\Users\\me\\shot.png', windowsAbsolute), [{ path: 'C:\\Users\\me\\shot.png' }]);
  });

  it('takes nothing when any line is not a file', () => {
    assert.equal(clipboardFiles('/tmp/a.txt\nhello world', posixAbsolute), undefined);
    assert.equal(clipboardFiles('relative/path.txt', posixAbsolute), undefined);
    assert.equal(clipboardFiles('https://example.com/a.png', posixAbsolute), undefined);
    assert.equal(clipboardFiles('   \n', posixAbsolute), undefined);
  });
});
