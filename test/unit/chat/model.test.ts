import * as assert from 'node:assert/strict';
import { currentText, resolveChanges } from '../../../src/chat/model/changes';
import { usersByName } from '../../../src/defects/fieldText';
import { ConfirmationLedger, commentConfirmation, updateConfirmation } from '../../../src/chat/model/confirmation';
import { defectResult, searchResult } from '../../../src/chat/model/format';
import { buildSearch, defectId, searchFilter, searchLimit } from '../../../src/chat/model/inputs';
import { memoToMarkdown, textToMemoHtml } from '../../../src/defects/memo';
import { RawQueryError } from '../../../src/api/dialect/rawQuery';
import { editorCatalog, editorLists } from '../../support/fakeProject/schemas';

describe('chat: search input → filter', () => {
  it('maps each kind of filter, "me" to the signed-in user, and several values to "in"', () => {
    const { filter, description } = buildSearch({ status: ['Open', 'New'], severity: ['2-Medium'], priority: ['3-High'], owner: ['me'], detectedBy: ['bob', 'ME'], text: 'login' }, 'alice');
    assert.deepEqual(filter, {
      status: { op: 'in', values: ['Open', 'New'] },
      severity: { op: '=', value: '2-Medium' },
      priority: { op: '=', value: '3-High' },
      owner: { op: '=', value: 'alice' },
      'detected-by': { op: 'in', values: ['bob', 'alice'] },
      name: { op: 'like', pattern: '*login*' },
    });
    assert.match(description, /status: Open, New/);
    assert.match(description, /owner: me/);
  });

  it('ANDs a raw query with the other filters and reports a malformed one', () => {
    const { filter } = buildSearch({ query: '{id[>100]}', status: ['Open'] }, 'alice');
    assert.deepEqual(filter, { id: { op: '>', value: 100 }, status: { op: '=', value: 'Open' } });
    assert.throws(() => buildSearch({ query: '{status[Open' }, 'alice'), RawQueryError);
  });

  it('drops empty and non-string parts, and clamps the limit', () => {
    assert.deepEqual(searchFilter({ status: ['', ' '], owner: [3 as unknown as string], text: '  ' }), {});
    assert.equal(buildSearch({}, 'alice').description, 'no filter');
    assert.equal(searchLimit(undefined), 25);
    assert.equal(searchLimit(0), 1);
    assert.equal(searchLimit(5000), 200);
    assert.equal(searchLimit(7.9), 7);
  });

  it('reads a defect id sent as a number or as digits, and nothing else', () => {
    assert.equal(defectId(4711), 4711);
    assert.equal(defectId(' #4711 '), 4711);
    for (const bad of [0, -3, 1.5, 'abc', '12a', null, undefined, {}]) assert.equal(defectId(bad), undefined, JSON.stringify(bad) ?? 'undefined');
  });
});

describe('chat: memo HTML → Markdown text', () => {
  it('keeps the words, line structure and comment headers, without markup', () => {
    const html =
      '<html><body><div align="left"><font face="Arial"><span style="font-size:8pt"><b>alice, 2026-01-02:</b> Fails on <i>login</i></span></font></div>' +
      '<div>________________________________________</div><p>Steps:</p><ul><li>open</li><li>click &amp; wait</li></ul></body></html>';
    const md = memoToMarkdown(html);
    assert.equal(
      md,
      '**alice, 2026-01-02:** Fails on login\n\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\\_\nSteps:\n\n- open\n- click &amp; wait',
    );
    assert.doesNotMatch(md, /<[a-z/]/i);
  });

  it('turns hostile HTML into inert text: scripts dropped, attributes gone, decoded markup escaped', () => {
    const md = memoToMarkdown(
      '<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">click</a>' +
        '<img alt=">" onerror=alert(4)>&lt;script&gt;alert(5)&lt;/script&gt; [x](javascript:alert(6)) ![i](https://evil.example/p.png)',
    );
    assert.doesNotMatch(md, /alert\(1\)|alert\(2\)|alert\(3\)|alert\(4\)|onerror|javascript:alert\(3\)/);
    assert.doesNotMatch(md, /<script|<img|<a /i);
    assert.match(md, /click/);
    assert.match(md, /&lt;script&gt;alert\\\(5\\\)&lt;\/script&gt;/);
    assert.match(md, /\\\[x\\\]\\\(javascript:alert\\\(6\\\)\\\)/);
    assert.match(md, /\\!\\\[i\\\]/);
  });

  it('escapes line starts that would become headings or lists, and handles empty memos', () => {
    assert.equal(memoToMarkdown('<p># not a heading</p><p>1. not a list</p>'), '\\# not a heading\n1\\. not a list');
    assert.equal(memoToMarkdown(null), '');
    assert.equal(memoToMarkdown('<b></b>'), '');
    assert.equal(memoToMarkdown('<b>open bold'), 'open bold');
  });

  it('writes plain text as an escaped memo document', () => {
    assert.equal(textToMemoHtml('a <b>\n\nc'), '<html><body>\n<div>a &lt;b&gt;</div>\n<div><br /></div>\n<div>c</div>\n</body></html>');
  });
});

describe('chat: update changes', () => {
  const fields = editorCatalog();
  const lists = editorLists();

  it('accepts field names and labels, converts memo text and multi-values, and validates nothing wrong', () => {
    const { changes, problems } = resolveChanges({ Priority: '3-High', owner: 'bob', description: 'Fixed <now>', Platforms: 'Linux; Windows' }, fields, lists);
    assert.deepEqual(problems, []);
    assert.deepEqual(
      changes.map((c) => [c.field, c.value]),
      [
        ['priority', '3-High'],
        ['owner', 'bob'],
        ['description', '<html><body>\n<div>Fixed &lt;now&gt;</div>\n</body></html>'],
        ['user-02', ['Linux', 'Windows']],
      ],
    );
    assert.equal(changes[2].shown, 'Fixed <now>');
  });

  it('confirms a user change with full names, current and new, as every view names users', () => {
    // Issue 39: the confirmation read "bob → alice" where the grid and the editor say full names.
    const names = {
      users: usersByName([
        { name: 'alice', fullName: 'Alice Archer' },
        { name: 'bob', fullName: 'Bob Baker' },
      ]),
    };
    const { changes, problems } = resolveChanges({ owner: 'alice' }, fields, lists, names);
    assert.deepEqual(problems, []);
    assert.deepEqual([changes[0].value, changes[0].shown], ['alice', 'Alice Archer (alice)']);
    const current = currentText(fields.get('owner'), 'owner', 'bob', names);
    assert.equal(current, 'Bob Baker (bob)');
    const { message } = updateConfirmation({ id: 7, name: 'Crash', where: 'Demo' }, [{ ...changes[0], current }]);
    assert.match(message, /Assigned To \(`owner`\): Bob Baker \\\(bob\\\) → Alice Archer \\\(alice\\\)/);
  });

  it('refuses unknown, read-only and comment fields and values outside the list, naming the allowed values', () => {
    const { problems } = resolveChanges({ priority: '9-Panic', 'dev-comments': 'x', nope: 1, 'ver-stamp': 3, 'Estimated Fix Time': 'soon' }, fields, lists);
    const messages = problems.map((p) => p.message).join('\n');
    assert.match(messages, /"9-Panic" is not a value of Priority\. Priority allows: 1-Low, 2-Medium, 3-High\./);
    assert.match(messages, /Comments cannot be changed here\. .*Add comment/);
    assert.match(messages, /"nope" is not a defect field/);
    assert.match(messages, /Version Stamp is set by the server/);
    assert.match(messages, /Estimated Fix Time must be a whole number/);
    assert.equal(resolveChanges({}, fields, lists).problems[0].message, 'No field to change was given.');
    assert.equal(resolveChanges('priority=1' as unknown as Record<string, string>, fields, lists).problems[0].message, 'No field to change was given.');
    assert.match(resolveChanges({ severity: null }, fields, lists).problems[0].message, /Severity is required/);
  });
});

describe('chat: confirmations', () => {
  const heading = { id: 42, name: 'Login *fails*', where: 'Demo (DEFAULT/Demo)' };

  it('shows the exact comment, its author and date, and escapes everything', () => {
    const c = commentConfirmation(heading, 'alice', new Date(2026, 10, 25), 'Fix is in build 2.3\n<img src=x onerror=alert(1)>', 'Comments');
    assert.equal(c.title, 'Add a comment to ALM defect 42?');
    assert.equal(
      c.message,
      [
        '**Defect 42**: Login \\*fails\\* · Demo \\(DEFAULT/Demo\\)',
        '',
        'Appends to Comments (`dev-comments`), after the comments already there; no other field changes:',
        '',
        '> **alice, 2026-11-25:**',
        '> Fix is in build 2.3',
        '> &lt;img src=x onerror=alert\\(1\\)&gt;',
      ].join('\n'),
    );
  });

  it('lists every field with its current and new value', () => {
    const c = updateConfirmation(heading, [
      { field: 'priority', label: 'Priority', value: '3-High', shown: '3-High', current: '1-Low' },
      { field: 'owner', label: 'Assigned To', value: null, shown: '(empty)', current: 'bob' },
    ]);
    assert.equal(c.title, 'Change 2 fields of ALM defect 42?');
    assert.match(c.message, /^- Priority \(`priority`\): 1-Low → 3-High$/m);
    assert.match(c.message, /^- Assigned To \(`owner`\): bob → \\\(empty\\\)$/m);
  });

  it('ledger: a write needs a confirmation of exactly that input, used once, and expires', () => {
    let now = 0;
    const ledger = new ConfirmationLedger(1000, 2, () => now);
    ledger.record('t', { id: 1, changes: { a: 1, b: 2 } }, { a: 0 });
    assert.equal(ledger.take('t', { id: 1, changes: { a: 2, b: 2 } }), undefined, 'another value is another change');
    assert.deepEqual(ledger.take('t', { changes: { b: 2, a: 1 }, id: 1 }), { a: 0 }, 'key order does not matter');
    assert.equal(ledger.take('t', { id: 1, changes: { a: 1, b: 2 } }), undefined, 'used once');
    ledger.record('t', { id: 2 });
    now = 2000;
    assert.equal(ledger.take('t', { id: 2 }), undefined, 'expired');
    ledger.record('t', { id: 3 });
    ledger.record('t', { id: 4 });
    ledger.record('t', { id: 5 });
    assert.equal(ledger.take('t', { id: 3 }), undefined, 'the oldest goes beyond the maximum');
    assert.ok(ledger.take('t', { id: 5 }));
    assert.equal(ledger.take('other', { id: 4 }), undefined, 'per tool');
  });
});

describe('chat: results', () => {
  it('search rows say how many match and how many are shown', () => {
    const rows = [{ type: 'defect' as const, id: 7, name: 'A | b', status: 'Open', severity: '2-Medium', priority: null, owner: 'alice', 'last-modified': '2026-01-01 10:00:00' }];
    const text = searchResult(rows, { where: 'Demo (DEFAULT/Demo)', description: 'status: Open', total: 12, limit: 1 });
    assert.match(text, /^12 defects in Demo \(DEFAULT\/Demo\) match \(status: Open\)\. Showing the first 1 \(newest first\); 11 more not shown/);
    assert.match(text, /\| 7 \| A \\\| b \| Open \| 2-Medium \| — \| alice \| 2026-01-01 10:00:00 \|/);
    assert.match(searchResult([], { where: 'X', description: 'no filter', total: 0, limit: 5 }), /0 defects in X match \(no filter\)\. Nothing to show\./);
  });

  it('a defect: fields by label, memos as text, attachments by name and size', () => {
    const text = defectResult({
      defect: { type: 'defect', id: 3, name: 'Crash', status: 'Open', 'user-03': 'CR-1', description: '<p>Boom <script>x()</script></p>', 'dev-comments': null },
      fields: editorCatalog(),
      attachments: [
        { id: 1, name: 'log.txt', fileSize: 2048, description: null, refType: null, refSubtype: 0, lastModified: null, vcUserName: null, vcCurVer: null, entity: { type: 'defect', id: 3 } },
      ],
      where: 'Demo (DEFAULT/Demo)',
      link: 'td://Demo.DEFAULT.h/qcbin/DefectsModule-000000000?EntityType=IBug&EntityID=3',
    });
    assert.match(text, /^# Defect 3: Crash$/m);
    assert.match(text, /^- Status \(`status`\): Open$/m);
    assert.match(text, /^- Customer Reference \(`user-03`\): CR-1$/m);
    assert.match(text, /^## Description \(`description`\)\n\nBoom$/m);
    assert.match(text, /^## Comments \(`dev-comments`\)\n\n—$/m, 'an empty memo reads as every view writes no value');
    assert.match(text, /^- log\.txt \(2\.0 KB\)$/m);
    assert.doesNotMatch(text, /<script|x\(\)|<p>/);
  });
});
