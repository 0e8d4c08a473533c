import { strict as assert } from 'node:assert';
import { Lists } from '../../../src/api/listItems';
import { parseFieldsText } from '../../../src/api/metadata';
import { isValidDate, validateEdits } from '../../../src/api/validation';
import type { ListItem } from '../../../src/api/types';

const field = (name: string, label: string, type: string, rules: string, extra = '') =>
  `{"type":"field","name":"${name}","label":"${label}","input-validations":[${rules}],"type":{"name":"${type}"${extra}}}`;
const NN = '{"name":"Not Null"}';
const RM = '{"name":"Reference Match"}';
const ML = (n: number) => `{"name":"Maximum length","value":${n}}`;
const list = (id: number, multiple = false) => `,"multiple":${multiple},"source":{"type":"list-item","field":"name","parent":{"type":"list-item","id":${id}}}`;

const fields = parseFieldsText(
  'defects',
  `{"data":[
  ${field('id', 'Defect ID', 'Integer', ML(10))},
  ${field('name', 'Summary', 'String', `${NN},${ML(10)}`)},
  ${field('severity', 'Severity', 'Reference By Value', `${NN},${RM},${ML(70)}`, list(287))},
  ${field('status', 'Status', 'Reference By Value', `${RM},${ML(70)}`, list(222))},
  ${field('project', 'Project', 'Reference By Value', ML(70), list(266))},
  ${field('subject', 'Subject', 'Reference By Value', `${RM},${ML(70)}`, list(2))},
  ${field('user-02', 'Platforms', 'Reference By Value', RM, list(900, true))},
  ${field('detected-by', 'Detected By', 'Reference', `${NN},${RM},${ML(60)}`, ',"multiple":false,"source":{"type":"user"}')},
  ${field('target-rel', 'Target Release', 'Reference', '', ',"multiple":false,"source":{"type":"releases"}')},
  ${field('creation-time', 'Detected on Date', 'Date', `${NN},${ML(1)}`)},
  ${field('estimated-fix-time', 'Estimated Fix Time', 'Integer', ML(5))},
  ${field('score', 'Score', 'Float', '')},
  ${field('description', 'Description', 'Memo', '')}
]}`,
);

const items: ListItem[] = [
  { id: 287, logicalName: 'sev', name: 'Severity', parentId: 0, children: [] },
  { id: 2871, logicalName: 'sev.1', name: '1-Low', parentId: 287, children: [] },
  { id: 2872, logicalName: 'sev.2', name: '2-Medium', parentId: 287, children: [] },
  { id: 222, logicalName: 'st', name: 'Status', parentId: 0, children: [] },
  { id: 2221, logicalName: 'st.1', name: 'New', parentId: 222, children: [] },
  { id: 2, logicalName: 'subj', name: 'Subject', parentId: 0, children: [] },
  { id: 21, logicalName: 'subj.a', name: 'Backend', parentId: 2, children: [] },
  { id: 211, logicalName: 'subj.a.b', name: 'Database', parentId: 21, children: [] },
  { id: 900, logicalName: 'plat', name: 'Platforms', parentId: 0, children: [] },
  { id: 901, logicalName: 'plat.w', name: 'Windows', parentId: 900, children: [] },
  { id: 902, logicalName: 'plat.l', name: 'Linux', parentId: 900, children: [] },
];
const lists = new Lists(items.map((i) => ({ ...i, children: [] })));

describe('api/listItems', () => {
  it('builds the tree and indexes every list by id', () => {
    assert.deepEqual(
      lists.lists.map((l) => l.name),
      ['Severity', 'Status', 'Subject', 'Platforms'],
    );
    assert.deepEqual(lists.valuesOf(2), ['Backend', 'Database']);
    assert.equal(lists.byListId(21)?.children[0].name, 'Database');
    assert.equal(lists.hasValue(287, '2-Medium'), true);
    assert.equal(lists.hasValue(287, 'Severity'), false);
    assert.deepEqual(lists.valuesOf(12345), []);
  });
});

describe('api/validation: validateEdits', () => {
  it('accepts valid edits', () => {
    const problems = validateEdits(
      {
        name: 'Short',
        severity: '1-Low',
        status: 'New',
        subject: 'Database',
        'user-02': ['Linux'],
        'detected-by': 'alice',
        'target-rel': { id: 3, type: 'release' },
        'creation-time': '2024-02-29',
        'estimated-fix-time': 12,
        score: '1.5',
        description: '<p>x</p>',
        project: 'anything',
      },
      fields,
      lists,
      { users: ['alice', 'bob'] },
    );
    assert.deepEqual(problems, []);
  });

  it('returns every problem at once, each with the field label', () => {
    const problems = validateEdits(
      {
        name: 'Much too long',
        severity: '',
        status: 'Dismissed',
        'user-02': ['Linux', 'BeOS'],
        'detected-by': 'mallory',
        'creation-time': '2023-02-29',
        'estimated-fix-time': 123456,
        score: 'abc',
        bogus: 1,
        id: 5,
        'target-rel': 'x',
      },
      fields,
      lists,
      { users: ['alice', 'bob'] },
    );
    const byField = Object.fromEntries(problems.map((p): [string, unknown[]] => [p.field ?? '(no field)', [p.code, p.label, p.message]]));
    assert.deepEqual(byField, {
      name: ['max-length', 'Summary', 'Summary is longer than 10 characters (13).'],
      severity: ['required', 'Severity', 'Severity is required.'],
      status: ['not-in-list', 'Status', '"Dismissed" is not a value of Status.'],
      'user-02': ['not-in-list', 'Platforms', '"BeOS" is not a value of Platforms.'],
      'detected-by': ['not-in-list', 'Detected By', '"mallory" is not a user of this project (Detected By).'],
      'creation-time': ['format', 'Detected on Date', 'Detected on Date must be a date in the form YYYY-MM-DD.'],
      'estimated-fix-time': ['max-length', 'Estimated Fix Time', 'Estimated Fix Time is longer than 5 characters (6).'],
      score: ['format', 'Score', 'Score must be a number (digits, "-" and ".").'],
      bogus: ['unknown-field', 'bogus', 'bogus is not a field of defects.'],
      id: ['read-only', 'Defect ID', 'Defect ID is set by the server and cannot be changed.'],
      'target-rel': ['type', 'Target Release', 'Target Release must reference an existing item by its id.'],
    });
  });

  it('checks type: arrays only for multi-valued fields, integers must be whole', () => {
    const problems = validateEdits({ status: ['New'], 'estimated-fix-time': '1.5', name: 3 }, fields, lists);
    assert.deepEqual(
      problems.map((p) => [p.field, p.code]),
      [
        ['status', 'type'],
        ['estimated-fix-time', 'format'],
        ['name', 'type'],
      ],
    );
  });

  it('requires every required field (except server-filled ones) when creating', () => {
    const problems = validateEdits({ name: 'x' }, fields, lists, { creating: true });
    assert.deepEqual(problems.map((p) => p.label).sort(), ['Detected By', 'Severity']);
  });

  it('does not check list membership without Reference Match, nor users without a user list', () => {
    assert.deepEqual(validateEdits({ project: 'Not a listed value', 'detected-by': 'anyone' }, fields, lists), []);
  });

  it('validates calendar dates', () => {
    assert.equal(isValidDate('2024-02-29'), true);
    assert.equal(isValidDate('2023-02-29'), false);
    assert.equal(isValidDate('2024-13-01'), false);
    assert.equal(isValidDate('2024-1-01'), false);
  });
});
