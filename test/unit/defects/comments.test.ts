// A report used as a comment on a likely duplicate instead of a new defect: the comment's text from
// the form (summary, then the description as plain text, never its markup), appended to the
// comments as the server has them when written, under the lock the caller took.
import assert from 'node:assert/strict';
import { appendCommentOnServer, commentFromReport } from '../../../src/defects/comments';
import { text } from '../../support/text';
import { fakeProject } from '../../support/fakeProject/project';

describe('defects/comments: a report as a comment elsewhere', () => {
  it('takes the summary and the description as plain text', () => {
    assert.equal(commentFromReport(' Total wrong ', '<html><body><p>Steps: <b>1</b> &lt;script&gt;</p></body></html>'), 'Total wrong\n\nSteps: 1 <script>');
    assert.equal(commentFromReport('Only a summary', null), 'Only a summary');
    assert.equal(commentFromReport(undefined, undefined), '');
  });

  it('appends to the comments the server has now, sent under the given lock', async () => {
    const project = fakeProject({ user: 'alice' });
    project.seed({ id: 9, name: 'x', 'dev-comments': '<html><body><p>earlier</p></body></html>' });
    const lock = await project.locks.acquire({ type: 'defect', id: 9 });
    // Someone's comment lands after the duplicate was listed: it must survive.
    project.store.set(9, { ...project.store.get(9)!, 'dev-comments': '<html><body><p>earlier</p><p>meanwhile</p></body></html>' });
    await appendCommentOnServer(project.defects, 9, { user: 'alice', date: new Date(2026, 0, 5), text: 'Same here <b>' }, { lock });
    const stored = text(project.store.get(9)?.['dev-comments']);
    assert.match(stored, /earlier.*meanwhile.*<b>alice, 2026-01-05:<\/b> Same here &lt;b&gt;/s);
    await lock.release();
    const handle = await project.locks.acquire({ type: 'defect', id: 9 });
    await handle.release();
    assert.ok(project.calls.includes('lock 9'));
  });
});
