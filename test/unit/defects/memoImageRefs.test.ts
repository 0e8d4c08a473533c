// Renaming an attachment a memo shows as an image (issue 37.6): the images that name it are found
// and their sources rewritten, and nothing else in the memo changes.
import * as assert from 'node:assert/strict';
import { countImagesNaming, renameImageSources } from '../../../src/defects/memoImageRefs';

const ABS = 'http://alm.test/qcbin/rest/domains/DEFAULT/projects/Demo/defects/7/attachments/';

describe('defects: memo images naming an attachment', () => {
  it('finds the absolute, relative and bare forms, by the decoded name, and not an image by id or of another name', () => {
    const memo = [
      `<p>a <img src="${ABS}screen%20shot.png" alt="x"></p>`,
      `<img alt='>' src='attachments/screen shot.png'>`,
      '<img src=screen%20shot.png>',
      `<img src="${ABS}17">`,
      `<img src="${ABS}other.png">`,
      '<img src="images/screen shot.png">',
      '<p>screen shot.png</p>',
    ].join('');
    assert.equal(countImagesNaming(memo, 'screen shot.png'), 3);
    assert.equal(countImagesNaming(memo, 'none.png'), 0);
  });

  it('rewrites only those sources, keeps the query and the quoting, and leaves every other byte', () => {
    const memo = `<div><b>Steps</b><img class="a" src="${ABS}crash.png?x=1&amp;y=2" width=3><img src='crash.png'><img src="${ABS}17"><img src="${ABS}crash.png.bak"></div>`;
    const { html, count } = renameImageSources(memo, 'crash.png', 'crash "1" & co.png');
    assert.equal(count, 2);
    assert.equal(
      html,
      `<div><b>Steps</b><img class="a" src="${ABS}crash%20%221%22%20%26%20co.png?x=1&amp;y=2" width=3><img src='crash%20%221%22%20%26%20co.png'><img src="${ABS}17"><img src="${ABS}crash.png.bak"></div>`,
    );
    assert.equal(countImagesNaming(html, 'crash "1" & co.png'), 2);
    assert.equal(countImagesNaming(html, 'crash.png'), 0);
  });

  it('leaves a memo without such images as it is', () => {
    const memo = '<p>No images, only <a href="attachments/crash.png">a link</a></p>';
    assert.deepEqual(renameImageSources(memo, 'crash.png', 'b.png'), { html: memo, count: 0 });
  });
});
