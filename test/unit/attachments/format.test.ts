import { escapeMarkdown } from '../../../src/util/markdown';
import * as assert from 'node:assert/strict';
import type { Attachment } from '../../../src/api';
import { dateText } from '../../../src/shared/valueText';
import { attachmentDescription, attachmentIcon, attachmentTooltip, formatBytes, formatModified, modifiedMillis } from '../../../src/attachments/model/format';

const att = (over: Partial<Attachment> = {}): Attachment => ({
  id: 1,
  name: 'trace.log',
  description: null,
  refType: 'defect',
  refSubtype: 0,
  fileSize: 1536,
  lastModified: '2026-01-05 10:11:12',
  vcUserName: null,
  vcCurVer: null,
  entity: { type: 'defect', id: 7 },
  ...over,
});

describe('attachments: formatting', () => {
  it('formats sizes in binary units', () => {
    assert.equal(formatBytes(0), '0 B');
    assert.equal(formatBytes(1023), '1023 B');
    assert.equal(formatBytes(1536), '1.5 KB');
    assert.equal(formatBytes(200 * 1024 * 1024), '200 MB');
    assert.equal(formatBytes(12.34 * 1024 * 1024), '12.3 MB');
    assert.equal(formatBytes(3 * 1024 ** 3), '3.0 GB');
    assert.equal(formatBytes(null), 'size unknown');
    assert.equal(formatBytes(-5), 'size unknown');
  });

  it('shows the server time without seconds and reads it for FileStat.mtime', () => {
    // As every view writes a date-time (issue 39: attachments had their own `YYYY-MM-DD hh:mm`).
    assert.equal(formatModified('2026-01-05 10:11:12', 'en-GB'), '05/01/2026, 10:11:12');
    assert.equal(formatModified('2026-01-05 10:11:12'), dateText('2026-01-05 10:11:12'));
    assert.equal(formatModified('yesterday'), 'yesterday');
    assert.equal(formatModified(null), undefined);
    assert.equal(modifiedMillis('2026-01-05 10:11:12'), Date.UTC(2026, 0, 5, 10, 11, 12));
    assert.equal(modifiedMillis('2026-01-05'), Date.UTC(2026, 0, 5));
    assert.equal(modifiedMillis('garbage'), 0);
  });

  it('describes a row as size · modified', () => {
    assert.equal(attachmentDescription(att()), `1.5 KB · ${dateText('2026-01-05 10:11:12')}`);
    assert.equal(attachmentDescription(att({ lastModified: null })), '1.5 KB');
  });

  it('puts the description in the tooltip as escaped text, never as markup', () => {
    const md = attachmentTooltip(
      att({
        name: 'a*b*.png',
        description: '<html><body><p>See [here](javascript:alert(1)) and <img src=x onerror=alert(1)></p><p>line 2</p></body></html>',
        vcUserName: 'bob',
      }),
    );
    assert.match(md, /^\*\*a\\\*b\\\*\\?\.png\*\*/);
    assert.ok(md.includes('See \\[here\\]\\(javascript:alert\\(1\\)\\) and'), md);
    assert.ok(!/<img|\]\(/.test(md), 'no HTML, no live link');
    assert.ok(md.includes('line 2'));
    assert.ok(md.includes(`1.5 KB · modified ${escapeMarkdown(dateText('2026-01-05 10:11:12'))}`), md);
    assert.ok(md.includes('by bob'));
  });

  it('picks an icon by file type', () => {
    assert.equal(attachmentIcon('screen.PNG'), 'file-media');
    assert.equal(attachmentIcon('spec.pdf'), 'file-pdf');
    assert.equal(attachmentIcon('logs.tar.gz'), 'file-zip');
    assert.equal(attachmentIcon('trace.log'), 'file-code');
    assert.equal(attachmentIcon('setup.exe'), 'file-binary');
    assert.equal(attachmentIcon('README'), 'file');
  });
});
