import * as assert from 'node:assert/strict';
import { branchName, commitMessage, fillTemplate, inProgressStatus, slugOf } from '../../../src/work/templates';

const values = { id: 42, summary: 'Crash on Save — Übersicht (v2)!', project: 'Web Shop', user: 'alice' };

describe('work: templates', () => {
  it('slugs a summary to ASCII words joined by "-", cut at a word within 40 characters', () => {
    assert.equal(slugOf(values.summary), 'crash-on-save-ubersicht-v2');
    assert.equal(slugOf('The checkout page total is wrong when a discount code is applied twice'), 'the-checkout-page-total-is-wrong-when-a');
    assert.equal(slugOf('!!!'), '');
    assert.equal(slugOf('x'.repeat(60)), 'x'.repeat(40));
  });

  it('fills the default branch template', () => {
    assert.equal(branchName('defect/${id}-${slug}', values), 'defect/42-crash-on-save-ubersicht-v2');
    assert.equal(branchName('${user}/${project}/${id}', values), 'alice/web-shop/42');
  });

  it('makes any template a valid Git ref name', () => {
    assert.equal(branchName('fix ${id}: ~odd^..name?.lock', values), 'fix-42-odd-.name');
    assert.equal(branchName('x.lock/y.', values), 'x/y');
    assert.equal(branchName('/-.${id}//x/', values), '42/x');
    assert.equal(branchName('a@{b}', values), 'a-b}');
    assert.equal(branchName('${slug}', { ...values, summary: '???' }), 'defect');
    assert.equal(branchName('..', values), 'defect/42');
    assert.equal(branchName('', values), 'defect/42-crash-on-save-ubersicht-v2');
  });

  it('fills the commit template and leaves unknown placeholders as written', () => {
    assert.equal(commitMessage('Defect ${id}: ${summary}', values), 'Defect 42: Crash on Save — Übersicht (v2)!');
    assert.equal(fillTemplate('${id} ${nope}', { id: 1 }), '1 ${nope}');
  });

  it('picks the first "in progress" status of the list', () => {
    assert.equal(inProgressStatus(['New', 'Open', 'In Progress', 'Fixed']), 'In Progress');
    assert.equal(inProgressStatus(['New', 'Open', 'Fixed', 'Closed', 'Rejected', 'Reopen']), 'Open');
    assert.equal(inProgressStatus(['New', 'Working', 'Open']), 'Working');
    assert.equal(inProgressStatus(['New', 'Fixed']), undefined);
  });
});
