// The inbox's change detection (issue 43): an assignment by someone else, a change by others to a
// defect I own (what changed, from the audits), a comment added without an audit row (found by
// content), and a mention of my name in a new comment section.
import * as assert from 'node:assert/strict';
import type { AuditEntry, Defect } from '../../../src/api';
import { appendComment } from '../../../src/defects/comments';
import { commentSections } from '../../../src/inbox/commentSections';
import { detectChanges, mentions } from '../../../src/inbox/detect';

const ME = { username: 'alice', fullName: 'Alice Smith' };
const SINCE = '2026-12-02 10:00:00';
const DAY = new Date(2026, 11, 2, 10, 5);

function defect(fields: Partial<Defect>): Defect {
  return { id: 7, name: 'Crash on save', owner: 'alice', 'detected-by': 'carol', 'creation-time': '2026-11-20', 'dev-comments': '', ...fields } as Defect;
}

function audit(user: string, field: string, oldValue: string, newValue: string, time = '2026-12-02 10:03:00'): AuditEntry {
  return { id: 1, time, user, action: 'UPDATE', changes: [{ field, label: field === 'owner' ? 'Assigned To' : 'Status', oldValue, newValue }] };
}

describe('inbox: change detection', () => {
  it('finds an assignment by someone else (audit), and none when I took it myself', () => {
    const byBob = detectChanges({ defect: defect({}), audits: [audit('bob', 'owner', 'dave', 'alice')], since: SINCE, flagged: false }, ME);
    assert.deepEqual(
      byBob.findings.map((f) => [f.kind, f.by]),
      [['assigned', 'bob']],
    );
    const self = detectChanges({ defect: defect({}), audits: [audit('alice', 'owner', 'dave', 'alice')], since: SINCE, flagged: false }, ME);
    assert.deepEqual(self.findings, []);
  });

  it('finds an assignment from the previous snapshot, and a new defect created for me (no audit rows on create)', () => {
    const moved = detectChanges({ defect: defect({}), previous: { owner: 'dave', comments: [] }, audits: [], since: SINCE, flagged: false }, ME);
    assert.equal(moved.findings[0]?.kind, 'assigned');
    const created = detectChanges({ defect: defect({ 'creation-time': '2026-12-02' }), audits: [], since: SINCE, flagged: false }, ME);
    assert.deepEqual(
      created.findings.map((f) => [f.kind, f.by]),
      [['assigned', 'carol']],
    );
    const old = detectChanges({ defect: defect({}), audits: [], since: SINCE, flagged: false }, ME);
    assert.deepEqual(old.findings, [], 'an old defect of mine seen for the first time is no news');
  });

  it('says what others changed on a defect I own, reported or flagged, and ignores my own changes and older rows', () => {
    const changed = detectChanges(
      { defect: defect({}), audits: [audit('bob', 'status', 'New', 'Open'), audit('bob', 'status', 'Open', 'Fixed', '2026-12-02 09:00:00')], since: SINCE, flagged: false },
      ME,
    );
    assert.deepEqual(
      changed.findings.map((f) => [f.kind, f.detail, f.by]),
      [['changed', 'Status: New → Open', 'bob']],
    );
    assert.deepEqual(detectChanges({ defect: defect({}), audits: [audit('alice', 'status', 'New', 'Open')], since: SINCE, flagged: false }, ME).findings, []);
    const notMine = defect({ owner: 'dave', 'detected-by': 'erin' });
    assert.deepEqual(detectChanges({ defect: notMine, audits: [audit('bob', 'status', 'New', 'Open')], since: SINCE, flagged: false }, ME).findings, []);
    assert.equal(detectChanges({ defect: notMine, audits: [audit('bob', 'status', 'New', 'Open')], since: SINCE, flagged: true }, ME).findings[0]?.kind, 'changed');
  });

  it('finds a comment added without an audit row by content, against the previous snapshot', () => {
    const before = appendComment(null, 'carol', DAY, 'First look.');
    const previous = detectChanges({ defect: defect({ 'dev-comments': before }), audits: [], since: SINCE, flagged: false }, ME).snapshot;
    const after = appendComment(before, 'bob', DAY, 'Cannot reproduce on 2.1.');
    const found = detectChanges({ defect: defect({ 'dev-comments': after }), previous, audits: [], since: SINCE, flagged: false }, ME);
    assert.deepEqual(
      found.findings.map((f) => [f.kind, f.comment, f.by]),
      [['changed', true, 'bob']],
    );
    const mine = appendComment(before, 'alice', DAY, 'On it.');
    assert.deepEqual(detectChanges({ defect: defect({ 'dev-comments': mine }), previous, audits: [], since: SINCE, flagged: false }, ME).findings, []);
  });

  it('finds a mention of my login or full name in a new section on any defect, never in old sections or my own', () => {
    const other = defect({ owner: 'dave', 'detected-by': 'erin' });
    const old = appendComment(null, 'bob', new Date(2026, 10, 1), 'ask alice');
    const added = appendComment(old, 'bob', DAY, 'Alice Smith, can you check the log?');
    const found = detectChanges({ defect: { ...other, 'dev-comments': added }, audits: [], since: SINCE, flagged: false }, ME);
    assert.deepEqual(
      found.findings.map((f) => [f.kind, f.by]),
      [['mention', 'bob']],
    );
    assert.match(found.findings[0].detail, /can you check the log/);
    const mineOnly = appendComment(old, 'alice', DAY, 'note to self: alice');
    assert.deepEqual(detectChanges({ defect: { ...other, 'dev-comments': mineOnly }, audits: [], since: SINCE, flagged: false }, ME).findings, []);
  });

  it('matches names as whole words only', () => {
    assert.equal(mentions('thanks @alice!', ME), true);
    assert.equal(mentions('see malice.log', ME), false);
    assert.equal(mentions('ALICE SMITH wrote', ME), true);
    assert.deepEqual(
      commentSections(appendComment(appendComment(null, 'bob', DAY, 'one'), 'carol', DAY, 'two')).map((s) => s.author),
      ['bob', 'carol'],
    );
  });
});
