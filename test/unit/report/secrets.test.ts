// What a report sends is cleaned first (issue 38.5): secrets of the common shapes are masked and
// named, ordinary code is left alone, the home folder never shows in a path; and with nothing
// selected, only a bounded window of lines around the cursor is taken, never a whole file.
import assert from 'node:assert/strict';
import { draftReport } from '../../../src/report/draft';
import type { ReportDraft, ReportInput } from '../../../src/report/draft';
import { MAX_CONTEXT_LINES, boundContext, contextLines } from '../../../src/report/limits';
import { hideHome, maskSecrets } from '../../../src/report/secrets';

function draft(input: ReportInput): ReportDraft {
  const d = draftReport(input);
  assert.ok(!('refused' in d), 'refused' in d ? d.refused : '');
  return d;
}

describe('report: secrets are masked before anything is sent', () => {
  const cases: [string, string, string][] = [
    ['AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE', 'AWS_ACCESS_KEY_ID=[masked]', 'AWS access key'],
    ['aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', 'aws_secret_access_key = [masked]', 'password or key'],
    ['Authorization: Basic YWxpY2U6c2VjcmV0', 'Authorization: Basic [masked]', 'Authorization header'],
    ['curl -H "Authorization: Bearer abc.def.ghi123"', 'curl -H "Authorization: Bearer [masked]"', 'Authorization header'],
    ['headers.set(Basic YWxpY2U6c2VjcmV0)', 'headers.set(Basic [masked])', 'Basic credentials'],
    ['url=jdbc:postgresql://db:5432/app?user=app&password=hunter22&ssl=true', 'url=jdbc:postgresql://db:5432/app?user=app&password=[masked]&ssl=true', 'password or key'],
    ['jdbc:mysql://admin:Sup3rS3cret@db.example.com:3306/shop', 'jdbc:mysql://admin:[masked]@db.example.com:3306/shop', 'password in a URL'],
    ['jdbc:oracle:thin:scott/tiger@db:1521:orcl', 'jdbc:oracle:thin:scott/[masked]@db:1521:orcl', 'password in a URL'],
    ['SLACK=https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX', 'SLACK=https://hooks.slack.com/[masked]', 'Slack webhook'],
    ['slack xoxb-123456789012-abcdefghijkl', 'slack [masked]', 'Slack token'],
    ['GH=ghp_0123456789abcdefghijABCDEFGHIJ012345', 'GH=[masked]', 'GitHub token'],
    ['db.password=changeme', 'db.password=[masked]', 'password or key'],
    ['  "apiKey": "k-123456"', '  "apiKey": "[masked]"', 'password or key'],
    ['-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n-----END RSA PRIVATE KEY-----\nnext', '-----BEGIN PRIVATE KEY----- [masked] -----END PRIVATE KEY-----\nnext', 'private key'],
    ['-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk (cut off)', '-----BEGIN PRIVATE KEY----- [masked] -----END PRIVATE KEY-----', 'private key'],
  ];
  for (const [text, masked, kind] of cases) {
    it(`masks ${kind}: ${text.split('\n')[0].slice(0, 40)}`, () => assert.deepEqual(maskSecrets(text), { text: masked, kinds: [kind] }));
  }

  it('leaves ordinary code, prose and URLs alone', () => {
    for (const text of [
      'const total = items.reduce((a, b) => a + b, 0);',
      'Basic configuration of the server',
      'see http://localhost:8080/x@y and mailto:bob@example.com',
      'if (password === undefined) throw new Error("no password");',
    ]) {
      assert.deepEqual(maskSecrets(text), { text, kinds: [] }, text);
    }
  });

  it('masks the summary, the description and the attachment of a report, and says so (the summary was AWS_ACCESS_KEY_ID=AKIA…)', () => {
    const text = ['AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE', ...Array.from({ length: 300 }, (_, i) => `line ${i}`), 'password: hunter22'].join('\n');
    const d = draft({ text, selected: true, code: { path: 'deploy/.env', startLine: 1, endLine: 302 } });
    assert.equal(d.summary, 'AWS_ACCESS_KEY_ID=[masked]');
    assert.doesNotMatch(d.descriptionHtml, /AKIA|hunter22/);
    assert.ok(d.attachment, 'a long selection is still attached whole');
    assert.doesNotMatch(d.attachment.text, /AKIA|hunter22/);
    assert.match(d.attachment.text, /password: \[masked\]/);
    assert.match(d.warning ?? '', /secrets \(AWS access key, password or key\).*\[masked\]/);
    assert.equal(draft({ text: 'const a = 1;', selected: true }).warning, undefined);
  });

  it('masks a diagnostic message and a failed test’s output too', () => {
    const d = draft({ text: '', selected: false, test: { name: 'login', message: 'expected token=abc12345 to equal x', trace: '    at login (/home/alice/app/login.ts:3:1)' }, home: '/home/alice' });
    assert.doesNotMatch(`${d.summary} ${d.descriptionHtml}`, /abc12345|\/home\/alice/);
    const p = draft({ text: 'x', selected: false, diagnostic: { message: 'Hard-coded secret: "sk_live_0123456789abcdefABCD"' } });
    assert.doesNotMatch(`${p.summary} ${p.descriptionHtml}`, /sk_live/);
  });
});

describe('report: paths never show the home folder', () => {
  it('writes the home folder as ~, whole folder names only, either slash', () => {
    assert.equal(hideHome('at /home/alice/src/a.ts, /home/alice and /home/alicex/b', '/home/alice'), 'at ~/src/a.ts, ~ and /home/alicex/b');
    assert.equal(hideHome('C:\\Users\\Alice\\x.ts and c:/users/alice/y.ts', 'C:\\Users\\Alice'), '~\\x.ts and ~/y.ts');
    assert.equal(hideHome('/a/b', '/'), '/a/b');
  });

  it('shows a file outside the workspace without the home folder (it showed the absolute path)', () => {
    const d = draft({ text: 'x = 1', selected: true, code: { path: '/home/alice/scratch/notes.py', startLine: 2, endLine: 2 }, home: '/home/alice' });
    assert.match(d.descriptionHtml, /~\/scratch\/notes\.py, line 2/);
    assert.doesNotMatch(`${d.descriptionHtml} ${d.origin}`, /\/home\/alice/);
  });
});

describe('report: with nothing selected, only lines around the cursor', () => {
  it('takes a short range whole and a long one as a window around the cursor', () => {
    assert.deepEqual(contextLines(3, 3, 3), { start: 3, end: 3 });
    assert.deepEqual(contextLines(0, 10, 4), { start: 0, end: 10 });
    assert.deepEqual(contextLines(0, 1999, 5), { start: 0, end: MAX_CONTEXT_LINES - 1 });
    assert.deepEqual(contextLines(0, 1999, 1000), { start: 990, end: 1009 });
    assert.deepEqual(contextLines(0, 1999, 1999), { start: 1980, end: 1999 });
    assert.equal(boundContext('x'.repeat(64_913)).length, 4_000);
  });

  it('never attaches text the user did not select (a whole file with a password 1,500 lines away became selection.txt)', () => {
    const lines = Array.from({ length: 2000 }, (_, i) => (i === 1500 ? 'db.secret.value = s3cr3t-Value' : `const v${i} = ${i}; // padding padding`));
    const d = draft({ text: lines.join('\n'), selected: false, diagnostic: { message: 'File is too long' }, code: { path: 'src/big.ts', startLine: 1, endLine: 2000 } });
    assert.equal(d.attachment, undefined);
    assert.doesNotMatch(d.descriptionHtml, /s3cr3t/);
  });
});
