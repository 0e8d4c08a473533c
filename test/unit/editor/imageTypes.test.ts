// One table of image types (issue 39): the pasted-image check (page and host), the memo images the
// host shows and the content type an upload is sent with all read src/shared/imageTypes.ts. Before,
// each had its own table and they disagreed: a dropped `photo.jfif` was stored under that name but
// never shown again (the image resolver knew no `.jfif`), and a `.bmp` the editor accepts was
// uploaded as application/octet-stream.
import assert from 'node:assert/strict';
import { contentTypeFor } from '../../../src/api/attachments';
import { checkPastedImage, pastedImageName } from '../../../src/editor/controller/pastedImage';
import { MAX_IMAGE_BYTES, imageMime } from '../../../src/editor/imageResolver';
import { MAX_PASTED_IMAGE_BYTES, PASTED_IMAGE_TYPES } from '../../../src/shared/editorProtocol';
import { MAX_INLINE_IMAGE_BYTES, RASTER_IMAGE_TYPES } from '../../../src/shared/imageTypes';

/** The first bytes of a file of each type (its format's signature), padded. */
const SAMPLES: Record<string, Buffer> = {
  'image/png': Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
  'image/jpeg': Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.alloc(16)]),
  'image/gif': Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(16)]),
  'image/webp': Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(8)]),
  'image/bmp': Buffer.concat([Buffer.from('BM'), Buffer.alloc(30)]),
};

describe('one table of image types', () => {
  it('a type the editor accepts pasted is shown again under every extension it may be stored with', () => {
    for (const { mime, extensions } of RASTER_IMAGE_TYPES) {
      const sample = SAMPLES[mime];
      assert.ok(sample, `a sample of ${mime}`);
      const checked = checkPastedImage({ name: '', mime, data: sample.toString('base64') });
      assert.equal(checked.mime, mime, `the host sniffs ${mime}`);
      assert.equal(PASTED_IMAGE_TYPES[mime], checked.extension, `the page accepts ${mime} and names it as the host does`);
      for (const ext of extensions) {
        const name = pastedImageName(`photo.${ext}`, checked, new Date(2026, 0, 5), 1);
        assert.equal(name, `photo.${ext}`, 'a dropped file keeps its own extension of the type');
        assert.equal(imageMime(name, 'application/octet-stream'), mime, `a memo image named *.${ext} is shown`);
        assert.equal(imageMime(name, undefined), mime);
        assert.equal(contentTypeFor(name.toUpperCase()), mime, `*.${ext} is uploaded as ${mime}`);
      }
    }
  });

  it('nothing outside the table is accepted or shown; an SVG is uploaded as what it is', () => {
    assert.deepEqual(Object.keys(PASTED_IMAGE_TYPES).sort(), RASTER_IMAGE_TYPES.map((t) => t.mime).sort());
    assert.equal(imageMime('a.svg', 'image/svg+xml'), undefined);
    assert.equal(imageMime('a.tiff', 'image/tiff'), undefined);
    assert.equal(imageMime('a.bin', 'IMAGE/JPEG; charset=x'), 'image/jpeg', 'the server’s declared raster type wins');
    assert.equal(contentTypeFor('a.svg'), 'image/svg+xml');
    assert.equal(contentTypeFor('a.tiff'), 'application/octet-stream');
  });

  it('one size limit for pasted and shown images', () => {
    assert.equal(MAX_PASTED_IMAGE_BYTES, MAX_INLINE_IMAGE_BYTES);
    assert.equal(MAX_IMAGE_BYTES, MAX_INLINE_IMAGE_BYTES);
  });
});
