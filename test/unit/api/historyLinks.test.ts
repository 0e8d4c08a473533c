// History and links read as a live 26.1 answers them (reference §16.9, §16.10; shapes written for
// these tests from the facts there: PascalCase audits, singletons collapsed, Properties absent).
import { strict as assert } from 'node:assert';
import { UnexpectedAnswerError } from '../../../src/api/errors';
import { parseAudits } from '../../../src/api/history';
import { toLink } from '../../../src/api/links';
import { byRelevance } from '../../../src/api/releases';

describe('api/history: audits', () => {
  it('reads every entry newest first, with singletons collapsed and Properties missing', () => {
    const body = {
      Audits: {
        Audit: [
          {
            Id: 11,
            ParentId: 7,
            ParentType: 'defect',
            Action: 'UPDATE',
            Time: '2026-08-11 22:02:18',
            User: 'alice',
            Properties: { Property: { Name: 'status', Label: 'Status', OldValue: 'New', NewValue: 'Open' } },
          },
          {
            Id: 12,
            ParentId: 7,
            ParentType: 'defect',
            Action: 'UPDATE',
            Time: '2026-08-12 09:00:00',
            User: 'bob',
            Properties: {
              Property: [
                { Name: 'owner', Label: 'Assigned To', OldValue: '', NewValue: 'bob' },
                { Name: 'severity', Label: 'Severity', OldValue: '2-Medium', NewValue: '4-Very High' },
              ],
            },
          },
          { Id: 13, ParentId: 7, ParentType: 'defect', Action: 'UPDATE', Time: '2026-08-12 09:00:00', User: 'bob' },
        ],
        TotalResults: 3,
      },
    };
    const { entries, total } = parseAudits(body);
    assert.equal(total, 3);
    assert.deepEqual(
      entries.map((e) => e.id),
      [13, 12, 11],
    );
    assert.deepEqual(entries[2].changes, [{ field: 'status', label: 'Status', oldValue: 'New', newValue: 'Open' }]);
    assert.equal(entries[1].changes[1].newValue, '4-Very High');
    assert.deepEqual(entries[0].changes, []);
  });

  it('reads a lone Audit object and an empty history; refuses another shape', () => {
    assert.equal(parseAudits({ Audits: { Audit: { Id: 1, Time: 't', User: 'u', Action: 'UPDATE' }, TotalResults: 1 } }).entries.length, 1);
    assert.deepEqual(parseAudits({ Audits: { TotalResults: 0 } }), { entries: [], total: 0 });
    assert.throws(() => parseAudits({ audits: [] }), UnexpectedAnswerError);
  });
});

describe('api/links: a defect-links record seen from either end', () => {
  const record = {
    id: '5',
    'first-endpoint-id': '7',
    'second-endpoint-id': '9',
    'second-endpoint-type': 'defect',
    'second-endpoint-name': 'Crash on save',
    'second-endpoint-status': 'Open',
    'link-type': 'Related',
    comment: '',
    owner: 'alice',
    'creation-time': '2026-08-12',
  };

  it('from its first endpoint: the other end is the second, named by the server', () => {
    assert.deepEqual(toLink(record, 7), {
      id: 5,
      direction: 'from',
      otherId: 9,
      otherType: 'defect',
      otherName: 'Crash on save',
      otherStatus: 'Open',
      linkType: 'Related',
      comment: '',
      owner: 'alice',
      created: '2026-08-12',
    });
  });

  it('from its second endpoint: the other end is the first, a defect to be named', () => {
    const l = toLink(record, 9);
    assert.deepEqual([l.direction, l.otherId, l.otherType, l.otherName], ['to', 7, 'defect', '']);
  });
});

describe('api/releases: order for pickers', () => {
  it('puts current releases first, then the newest', () => {
    const rs = [
      { id: 1, name: 'R1', start: '2025-01-01', end: '2025-06-30' },
      { id: 2, name: 'R2', start: '2026-01-01', end: '2026-12-31' },
      { id: 3, name: 'R3', start: '2027-01-01', end: '2027-06-30' },
    ];
    assert.deepEqual(
      byRelevance(rs, '2026-11-27').map((r) => r.name),
      ['R2', 'R3', 'R1'],
    );
  });
});
