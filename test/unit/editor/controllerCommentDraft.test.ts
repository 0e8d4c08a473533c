// The *New comment* box's text is an unsaved edit (issue 37): it makes the editor dirty (the tab's
// dot, the close prompt), Save and Save & Close add it as a comment section as Add comment does,
// and Cancel discards it with the other edits.
import assert from 'node:assert/strict';
import { open, seeded } from './controllerSetup';
import { text } from '../../support/text';

describe('editor controller: the text in the New comment box', () => {
  it('is an unsaved edit of the comments, which Save adds as a comment section', async () => {
    const project = seeded();
    const { c } = await open(project);
    await c.edit();
    c.setCommentDraft('Seen again on the coupon page');
    assert.equal(c.isDirty, true, 'the box holding text makes the editor dirty');
    assert.deepEqual(c.status().dirty, ['dev-comments']);
    assert.equal(await c.save(), 'saved');
    const stored = text(project.store.get(7)?.['dev-comments']);
    assert.match(stored, /<b>alice, 2026-01-05:<\/b> Seen again on the coupon page/);
    assert.equal(c.isDirty, false);
    assert.equal(c.values().commentTaken, 'Seen again on the coupon page', 'the page is told to empty the box');
  });

  it('is saved once, with the other edits, and not again by the next Save', async () => {
    const project = seeded();
    const { c } = await open(project);
    await c.edit();
    c.setField('name', 'Renamed');
    c.setCommentDraft('Once');
    assert.equal(await c.save({ close: true }), 'saved');
    const stored = text(project.store.get(7)?.['dev-comments']);
    assert.equal(stored.split('Once').length, 2, 'one comment section');
    assert.equal(project.store.get(7)?.name, 'Renamed');
    await c.edit();
    c.setField('name', 'Renamed again');
    assert.equal(await c.save(), 'saved');
    assert.equal(text(project.store.get(7)?.['dev-comments']).split('Once').length, 2, 'the next Save adds nothing');
  });

  it('only blanks is no edit; Add comment and Cancel leave the box empty on the host', async () => {
    const project = seeded();
    const { c } = await open(project);
    c.setCommentDraft('typed while read-only');
    assert.equal(c.isDirty, false, 'ignored unless editing');
    await c.edit();
    c.setCommentDraft('  \n ');
    assert.equal(c.isDirty, false);
    c.setCommentDraft('Added with the button');
    c.addComment('Added with the button');
    assert.deepEqual(c.status().dirty, ['dev-comments']);
    assert.equal(await c.save(), 'saved');
    assert.equal(text(project.store.get(7)?.['dev-comments']).split('Added with the button').length, 2, 'added once, not again as a draft');
    c.setCommentDraft('Thrown away');
    await c.cancel();
    assert.equal(c.isDirty, false);
    await c.edit();
    assert.equal(await c.save(), 'nothing');
    assert.doesNotMatch(text(project.store.get(7)?.['dev-comments']), /Thrown away/);
  });
});
