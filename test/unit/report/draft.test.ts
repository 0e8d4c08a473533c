// A report's pre-filling: the summary from each source (TODO comment, diagnostic, selection, stack
// trace, failed test), the code block escaped, the link to the code, the environment, and the caps.
import assert from 'node:assert/strict';
import { draftReport } from '../../../src/report/draft';
import type { ReportDraft, ReportInput } from '../../../src/report/draft';
import { MAX_LINES, capText, refusal } from '../../../src/report/limits';
import { parsePatterns } from '../../../src/references/patterns';
import { errorLine, isStackTrace, markerComment, referenceFor, summaryOf, withReference } from '../../../src/report/sources';

const CODE = { path: 'src/cart.ts', startLine: 3, endLine: 3, permalink: 'https://github.com/acme/shop/blob/abc/src/cart.ts#L3' };
const ENV = { os: 'Linux 6.1', vscode: '1.99.0', branch: 'main', commit: 'abc1234' };

function draft(input: ReportInput): ReportDraft {
  const d = draftReport(input);
  assert.ok(!('refused' in d), 'refused' in d ? d.refused : '');
  return d;
}

describe('report: TODO/FIXME/BUG comments', () => {
  it('finds the marker after a comment opener of common languages', () => {
    assert.deepEqual(markerComment('  // TODO: total ignores the discount'), { marker: 'TODO', text: 'total ignores the discount', insertAt: 9 });
    assert.equal(markerComment('# FIXME(alice) - rounding')?.text, 'rounding');
    assert.equal(markerComment('/* BUG: leaks the handle */')?.text, 'leaks the handle');
    assert.equal(markerComment('<!-- TODO alt text -->')?.text, 'alt text');
    assert.equal(markerComment(' * TODO check nulls')?.marker, 'TODO');
    assert.equal(markerComment('-- TODO: index this column')?.marker, 'TODO');
  });

  it('ignores markers outside comments and lower-case words', () => {
    assert.equal(markerComment('const BUG = 1;'), undefined);
    assert.equal(markerComment('// todo later'), undefined);
    assert.equal(markerComment('// TODOS are fine'), undefined);
  });

  it('inserts a reference right after the marker and its note', () => {
    assert.equal(withReference('  // TODO: total ignores the discount', 'defect 42'), '  // TODO (defect 42): total ignores the discount');
    assert.equal(withReference('# FIXME(alice): rounding', 'QC-7'), '# FIXME(alice) (QC-7): rounding');
    assert.equal(withReference('let x = 1;', 'defect 1'), undefined);
  });
});

describe('report: the reference written into the comment', () => {
  const DEMO = { server: 'Demo', domain: 'DEFAULT', project: 'Demo' };
  const OTHER = { server: 'Other', domain: 'D', project: 'P' };

  it('takes the first pattern\'s form, "defect 123" by default', () => {
    assert.equal(referenceFor(parsePatterns(undefined).patterns, DEMO, { ...DEMO, id: 123 }), 'defect 123');
    assert.equal(referenceFor(parsePatterns(['\\bQC-(\\d+)\\b', 'defect (\\d+)']).patterns, undefined, { ...DEMO, id: 7 }), 'QC-7');
    assert.equal(referenceFor(parsePatterns([{ pattern: 'ALM#(\\d+)', insert: 'ALM#${id}' }]).patterns, DEMO, { ...DEMO, id: 8 }), 'ALM#8');
  });

  it("prefers a pattern naming the defect's project, and skips plain patterns for another project", () => {
    const { patterns } = parsePatterns(['defect (\\d+)', { pattern: 'OT-(\\d+)', insert: 'OT-${id}', project: OTHER }]);
    assert.equal(referenceFor(patterns, DEMO, { ...OTHER, id: 5 }), 'OT-5');
    assert.equal(referenceFor(patterns, DEMO, { ...DEMO, id: 5 }), 'defect 5');
  });
});

describe('report: summaries', () => {
  it('from a TODO comment under the cursor', () => {
    const d = draft({ text: '  // TODO: total ignores the discount', selected: false, code: CODE, cursorLine: { line: 2, text: '  // TODO: total ignores the discount' } });
    assert.equal(d.source, 'todo');
    assert.equal(d.summary, 'total ignores the discount');
    assert.deepEqual(d.todo, { line: 2, text: '  // TODO: total ignores the discount' });
    assert.equal(d.origin, 'the comment at src/cart.ts, line 3');
  });

  it('from an empty TODO comment: the marker and the place', () => {
    const d = draft({ text: '// FIXME', selected: false, code: CODE, cursorLine: { line: 2, text: '// FIXME' } });
    assert.equal(d.summary, 'FIXME in src/cart.ts, line 3');
  });

  it("from a diagnostic's message, with its source and code in the description", () => {
    const d = draft({
      text: 'const n: number = "x";',
      selected: false,
      code: CODE,
      diagnostic: { message: "Type 'string' is not assignable to type 'number'.\nmore", source: 'ts', code: '2322' },
      cursorLine: { line: 2, text: '// TODO: not this' },
    });
    assert.equal(d.source, 'diagnostic');
    assert.equal(d.summary, "Type 'string' is not assignable to type 'number'.");
    assert.match(d.descriptionHtml, /<b>Problem:<\/b> Type &#39;string&#39; is not assignable to type &#39;number&#39;\.\nmore \(ts 2322\)/);
    assert.equal(d.todo, undefined, 'no reference goes into a line the report did not come from');
  });

  it('from the first non-blank selected line, collapsed and capped at 255 characters', () => {
    assert.equal(draft({ text: '\n\n   total  =  sum(items)\n  return total', selected: true, code: { ...CODE, endLine: 6 } }).summary, 'total = sum(items)');
    const long = summaryOf('word '.repeat(100));
    assert.ok(long.length <= 255 && long.endsWith('…'), long);
  });

  it('a multi-line selection that starts on a TODO is a selection, not the TODO', () => {
    const d = draft({ text: '// TODO: x\nfoo();\nbar();', selected: true, code: CODE, cursorLine: { line: 2, text: '// TODO: x' } });
    assert.equal(d.source, 'selection');
    assert.equal(d.todo, undefined);
  });
});

describe('report: stack traces', () => {
  const node = "TypeError: Cannot read properties of undefined (reading 'id')\n    at total (/app/src/cart.ts:3:10)\n    at main (/app/src/index.ts:9:3)";
  const java = 'Exception in thread "main" java.lang.IllegalStateException: empty cart\n\tat shop.Cart.total(Cart.java:31)\n\tat shop.Main.main(Main.java:9)';
  const python = 'Traceback (most recent call last):\n  File "app.py", line 3, in <module>\n    total()\nZeroDivisionError: division by zero';
  const dotnet = 'System.NullReferenceException: Object reference not set to an instance of an object.\n   at Shop.Cart.Total() in C:\\src\\Cart.cs:line 31';

  it('recognises traces of common runtimes and not plain code', () => {
    for (const t of [node, java, python, dotnet]) assert.ok(isStackTrace(t), t);
    assert.ok(!isStackTrace('const a = 1;\nreturn a;'));
    assert.ok(!isStackTrace('    at the end of the day'), 'a frame-like line alone is no trace');
  });

  it('takes the error line as the summary', () => {
    assert.equal(errorLine(node), "TypeError: Cannot read properties of undefined (reading 'id')");
    assert.equal(errorLine(java), 'java.lang.IllegalStateException: empty cart');
    assert.equal(errorLine(python), 'ZeroDivisionError: division by zero');
    assert.equal(errorLine(dotnet), 'System.NullReferenceException: Object reference not set to an instance of an object.');
  });

  it('describes the trace and the environment (OS, VS Code, Git branch and commit)', () => {
    const d = draft({ text: python, selected: true, environment: ENV });
    assert.equal(d.source, 'trace');
    assert.equal(d.summary, 'ZeroDivisionError: division by zero');
    assert.match(d.descriptionHtml, /<pre><code>Traceback \(most recent call last\):\n {2}File &quot;app\.py&quot;, line 3/);
    assert.match(d.descriptionHtml, /<li>OS: Linux 6\.1<\/li><li>VS Code: 1\.99\.0<\/li><li>Git: branch main, commit abc1234<\/li>/);
  });
});

describe('report: a failed test', () => {
  it("takes the message's first line as the summary and names the test", () => {
    const d = draft({
      text: '',
      selected: false,
      test: { name: 'cart > total applies discount', message: 'Expected 90 but got 100\n+ expected - actual', trace: '    at Context.<anonymous> (test/cart.test.ts:12:5)' },
      environment: ENV,
    });
    assert.equal(d.source, 'test');
    assert.equal(d.summary, 'Expected 90 but got 100');
    assert.match(d.descriptionHtml, /<b>Test:<\/b> cart &gt; total applies discount/);
    assert.match(d.descriptionHtml, /<pre><code>Expected 90 but got 100\n\+ expected - actual\n\n {4}at Context\.&lt;anonymous&gt;/);
    assert.match(d.descriptionHtml, /VS Code: 1\.99\.0/);
    assert.equal(d.origin, 'the failed test cart > total applies discount');
  });

  it('without a message: "Test failed" and the name', () => {
    assert.equal(draft({ text: '', selected: false, test: { name: 'adds', message: '' } }).summary, 'Test failed: adds');
  });
});

describe('report: the description', () => {
  it('escapes the code block and every text', () => {
    const d = draft({ text: '<script>alert("x")</script> & </code></pre>', selected: true, code: { ...CODE, path: 'src/<b>.ts' } });
    assert.match(d.descriptionHtml, /<pre><code>&lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt; &amp; &lt;\/code&gt;&lt;\/pre&gt;<\/code><\/pre>/);
    assert.doesNotMatch(d.descriptionHtml, /<script|<b>\.ts/);
    assert.match(d.descriptionHtml, /src\/&lt;b&gt;\.ts, line 3/);
  });

  it('links the code by its permalink, else names the path and commit and why', () => {
    const linked = draft({ text: 'x', selected: true, code: CODE });
    assert.match(linked.descriptionHtml, /<b>Code:<\/b> <a href="https:\/\/github\.com\/acme\/shop\/blob\/abc\/src\/cart\.ts#L3">/);
    const local = draft({ text: 'x', selected: true, code: { path: 'src/cart.ts', startLine: 3, endLine: 4, commit: 'abc1234', noLinkReason: 'not pushed' } });
    assert.match(local.descriptionHtml, /<b>File:<\/b> src\/cart\.ts, lines 3–4/);
    assert.match(local.descriptionHtml, /<b>Code:<\/b> src\/cart\.ts at commit abc1234 \(not pushed\)/);
    // Outside Git (no link, commit or reason) the path is named once, in File:, not again as "Code: app.ts".
    const plain = draft({ text: 'x', selected: true, code: { path: 'app.ts', startLine: 1, endLine: 1 } });
    assert.match(plain.descriptionHtml, /<b>File:<\/b> app\.ts, line 1/);
    assert.doesNotMatch(plain.descriptionHtml, /Code:/);
    const hostile = draft({ text: 'x', selected: true, code: { ...CODE, permalink: 'javascript:alert(1)' } });
    assert.doesNotMatch(hostile.descriptionHtml, /href/);
  });
});

describe('report: bad input and limits', () => {
  it(`caps a huge selection at ${MAX_LINES} lines and keeps the whole text as an attachment`, () => {
    const text = Array.from({ length: 500 }, (_, i) => `line ${i + 1}`).join('\n');
    const d = draft({ text, selected: true, code: { ...CODE, endLine: 502 } });
    assert.match(d.descriptionHtml, /line 200<\/code>/);
    assert.doesNotMatch(d.descriptionHtml, /line 201/);
    assert.match(d.descriptionHtml, /Shortened to 200 of 500 lines here; the whole selection is attached as selection\.txt/);
    assert.deepEqual(d.attachment, { name: 'selection.txt', text });
    assert.equal(draft({ text: 'short', selected: true, code: CODE }).attachment, undefined);
  });

  it('counts a selection ending with a line break by its lines', () => {
    const text = `${Array.from({ length: 300 }, (_, i) => `l${i}`).join('\n')}\n`;
    assert.equal(capText(text).totalLines, 300);
    assert.equal(capText('one\ntwo\n').cut, false);
    assert.equal(capText('one\ntwo\n').shown, 'one\ntwo');
  });

  it('caps a selection of few but long lines by characters', () => {
    const capped = capText(`${'a'.repeat(15_000)}\n${'b'.repeat(15_000)}`);
    assert.equal(capped.cut, true);
    assert.equal(capped.shown, 'a'.repeat(15_000));
  });

  it('refuses binary and invalid UTF-8 selections with a message', () => {
    assert.match(refusal('PK\u0003\u0004\u0000\u0000binary') ?? '', /binary/);
    assert.match(refusal('caf\uFFFD') ?? '', /not valid UTF-8/);
    assert.equal(refusal('tabs\tand\r\nnewlines\fform feed'), undefined);
    const d = draftReport({ text: 'x\u0000y', selected: true, code: CODE });
    assert.ok('refused' in d);
  });
});
