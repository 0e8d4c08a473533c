// Images pasted into a memo: the checks (type, size, encoding), the names, the absolute `src` a
// real server keeps and the image resolver reads back, and the rewrite of a new defect's memos once
// its images are attached; then the controller's whole path — a saved defect's image held until
// Save and never sent when the edit is discarded, a new defect's after the create and before its
// memos are saved, and a failed upload that leaves the defect, names the missing images and
// uploads them on Retry.
import assert from 'node:assert/strict';
import { DefectController } from '../../../src/editor/controller/defectController';
import { MAX_PENDING_IMAGES, attachmentImageSrc, withImageSources } from '../../../src/editor/controller/memoImages';
import type { MemoImageServices } from '../../../src/editor/controller/memoImages';
import { checkPastedImage, pastedImageName } from '../../../src/editor/controller/pastedImage';
import { imageTarget } from '../../../src/editor/imageResolver';
import { MAX_PASTED_IMAGE_BYTES } from '../../../src/shared/editorProtocol';
import { text } from '../../support/text';
import { fakeProject } from '../../support/fakeProject/project';
import { KEY, NOW, open, seeded } from './controllerSetup';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const png = (name = '') => ({ name, mime: 'image/png', data: PNG.toString('base64') });
const BASE = 'https://alm.example.com/qcbin';

/** Uploads recorded (and failed while `failing` is set), sources as a real server keeps them. */
function services(failing: { reason?: string } = {}) {
  const uploads: { id: number; name: string; size: number }[] = [];
  const removed: { id: number; attachment: number }[] = [];
  const changed: number[] = [];
  const s: MemoImageServices = {
    upload: async (id, name, bytes) => {
      if (failing.reason) throw new Error(failing.reason);
      uploads.push({ id, name, size: bytes.length });
      return { id: 500 + uploads.length, name };
    },
    remove: async (id, attachment) => void removed.push({ id, attachment }),
    srcFor: (id, name) => attachmentImageSrc(BASE, KEY, id, name),
    changed: (id) => void changed.push(id),
  };
  return { s, uploads, removed, changed };
}

/** Edit, paste an image and show it in the description, as the page does. */
async function editWithImage(c: DefectController, name = '') {
  await c.edit();
  const reply = await c.pasteImage(png(name));
  c.setField('description', `<html><body><img src="${reply.src}"></body></html>`);
  return reply;
}

describe('memo images: checks and names', () => {
  it('takes raster types within the limit and refuses others with what to do instead', () => {
    assert.deepEqual(checkPastedImage(png('a.png')).bytes, PNG);
    assert.throws(() => checkPastedImage({ name: 'x.svg', mime: 'image/svg+xml', data: 'PHN2Zz4=' }), /Only PNG, JPEG, GIF, WebP and BMP.*x\.svg.*Attachments section/);
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_PASTED_IMAGE_BYTES)]).toString('base64');
    assert.throws(() => checkPastedImage({ name: 'big.png', mime: 'image/png', data: big }), /big\.png \(8\.0 MB\) is larger than 8\.0 MB.*Attachments section/);
    assert.throws(() => checkPastedImage({ name: 'bad.png', mime: 'image/png', data: 'not base64!' }), /bad\.png could not be read: its data is not base64/);
    assert.throws(() => checkPastedImage({ name: 'e.png', mime: 'image/png', data: '' }), /empty/);
  });

  it('reads the type from the bytes, not from what the page claims, and names the file by it (issue 38.8)', () => {
    const named = (name: string, mime: string, bytes: Buffer) => {
      const checked = checkPastedImage({ name, mime, data: bytes.toString('base64') });
      return `${pastedImageName(name, checked, NOW, 1)} ${checked.mime}`;
    };
    assert.equal(named('evil.html', 'image/png', PNG), 'evil.png image/png');
    assert.equal(named('setup.exe', 'image/png', PNG), 'setup.png image/png');
    assert.equal(named('photo.jpeg', 'image/png', Buffer.from('ffd8ffe000104a464946', 'hex')), 'photo.jpeg image/jpeg');
    assert.equal(named('anim.png', 'image/png', Buffer.from('GIF89a\x01\x00', 'latin1')), 'anim.gif image/gif');
    assert.equal(named('shot.png', 'image/png', PNG), 'shot.png image/png');
    assert.throws(() => checkPastedImage({ name: 'page.png', mime: 'image/png', data: Buffer.from('<html><script>').toString('base64') }), /page\.png is none of them/);
  });

  it('takes base64 wrapped in lines, and says what is wrong with base64 that is not (issue 38.8)', () => {
    const wrapped = PNG.toString('base64').replace(/(.{8})/g, '$1\r\n');
    assert.deepEqual(checkPastedImage({ name: '', mime: 'image/png', data: wrapped }).bytes, PNG);
    assert.throws(
      () => checkPastedImage({ name: 'x.png', mime: 'image/png', data: 'iVBO%%%' }),
      (e: Error) => /not base64/.test(e.message) && !/larger than/.test(e.message),
    );
  });

  it('keeps a dropped file name (made safe) and names a clipboard image by time and number', () => {
    assert.equal(pastedImageName('shot 1.png', { extension: 'png' }, NOW, 1), 'shot 1.png');
    assert.equal(pastedImageName('a/b\\c:d.png', { extension: 'png' }, NOW, 1), 'a_b_c_d.png');
    assert.equal(pastedImageName('', { extension: 'png' }, NOW, 3), 'pasted-20260105-143000-3.png');
    assert.equal(pastedImageName('image', { extension: 'jpg' }, NOW, 2), 'pasted-20260105-143000-2.jpg');
  });

  it('writes the absolute attachment URL, which the resolver reads back as the attachment name', () => {
    const src = attachmentImageSrc(`${BASE}/`, { domain: 'DEFAULT', project: 'My Project' }, 42, 'shot 1#.png');
    assert.equal(src, `${BASE}/rest/domains/DEFAULT/projects/My%20Project/defects/42/attachments/shot%201%23.png`);
    assert.deepEqual(imageTarget(src, BASE), { name: 'shot 1#.png' });
  });

  it('rewrites only the memos that name a waiting image', () => {
    const edits = { name: 'src="a.png"', description: '<p><img src="a.png" alt="a.png"></p><img src="b.png">', 'dev-comments': '<p>none</p>', severity: null };
    const out = withImageSources(edits, new Map([['a.png', 'https://h/x/a.png?q=1&r=2']]));
    assert.deepEqual(out, { name: 'src="https://h/x/a.png?q=1&amp;r=2"', description: '<p><img src="https://h/x/a.png?q=1&amp;r=2" alt="a.png"></p><img src="b.png">' });
  });
});

describe('memo images: the editor controller', () => {
  it('holds a saved defect’s pasted image until Save, then uploads it and saves the memo with its absolute src (issue 37.4)', async () => {
    const project = seeded();
    const { s, uploads, changed } = services();
    const { c } = await open(project, { images: s });
    await assert.rejects(c.pasteImage(png('shot.png')), /Click Edit/);
    await c.edit();
    const reply = await c.pasteImage(png('shot.png'));
    assert.deepEqual(reply, { name: 'shot.png', src: 'shot.png' }, 'a bare name until Save');
    assert.deepEqual(uploads, [], 'nothing reaches the server on paste');
    assert.equal(c.images?.localImage('shot.png'), `data:image/png;base64,${PNG.toString('base64')}`, 'the page can show it from the held bytes');
    c.setField('description', `<html><body><p>Steps</p><img src="${reply.src}" alt="shot.png"></body></html>`);
    assert.equal(await c.save(), 'saved');
    assert.deepEqual(uploads, [{ id: 7, name: 'shot.png', size: PNG.length }]);
    assert.deepEqual(changed, [7], 'the tree and the attachment list hear of it');
    const src = `${BASE}/rest/domains/DEFAULT/projects/Demo/defects/7/attachments/shot.png`;
    assert.match(String(project.store.get(7)?.description), new RegExp(`<img src="${src.replace(/[.?/]/g, '\\$&')}" alt="shot.png">`));
    assert.equal(c.images?.localImage('shot.png'), undefined);
  });

  it('sends nothing when the edit with a pasted image is discarded (issue 37.4)', async () => {
    const { s, uploads, removed } = services();
    const { c } = await open(seeded(), { images: s });
    const reply = await editWithImage(c);
    await c.cancel();
    assert.deepEqual(uploads, []);
    assert.deepEqual(removed, []);
    assert.equal(c.images?.localImage(reply.src), undefined, 'the held image goes with the edit');
    await c.edit();
    assert.equal(await c.save(), 'nothing');
    assert.deepEqual(uploads, [], 'a later save does not send the discarded image');
  });

  it('removes what a failed save uploaded when the edit is then discarded, and uploads once when it is saved again (issue 37.4)', async () => {
    const project = seeded();
    const { s, uploads, removed } = services();
    const { c } = await open(project, { images: s });
    await editWithImage(c, 'a.png');
    project.failUpdate = new Error('Server busy');
    assert.equal(await c.save(), 'failed');
    assert.equal(uploads.length, 1);
    project.failUpdate = undefined;
    await c.edit();
    assert.equal(await c.save(), 'saved');
    assert.equal(uploads.length, 1, 'not uploaded a second time');
    assert.match(String(project.store.get(7)?.description), /attachments\/a\.png"/);

    await editWithImage(c, 'b.png');
    project.failUpdate = new Error('Server busy');
    assert.equal(await c.save(), 'failed');
    assert.equal(uploads.length, 2);
    await c.cancel();
    assert.deepEqual(removed, [{ id: 7, attachment: 502 }], 'only the discarded edit’s image is removed');
  });

  it('attaches a new defect’s images after the create and then saves its memos with their absolute src, under a lock', async () => {
    const project = fakeProject();
    const { s, uploads } = services();
    const c = new DefectController({ api: project, key: { ...KEY }, user: project.user, now: () => NOW, images: s });
    await c.load();
    const reply = await c.pasteImage(png());
    await c.pasteImage(png('deleted again.png'));
    assert.equal(reply.src, 'pasted-20260105-143000-1.png', 'a bare name until the defect exists');
    assert.equal(uploads.length, 0, 'nothing is sent before the defect exists');
    c.setField('name', 'Broken layout');
    c.setField('severity', '2-Medium');
    c.setField('description', `<html><body><p>See:</p><img src="${reply.src}" alt="${reply.name}"></body></html>`);
    assert.equal(await c.save(), 'saved');
    const id = c.defectKey.id;
    assert.equal(typeof id, 'number');
    const order = project.calls.filter((call) => /^(create|lock|update|release)/.test(call)).map((call) => call.split(' ')[0]);
    assert.deepEqual(order, ['create', 'lock', 'update', 'release'], 'created, then the memo saved under a lock');
    assert.deepEqual(uploads, [{ id, name: 'pasted-20260105-143000-1.png', size: PNG.length }]);
    const stored = String(project.store.get(id!)?.description);
    assert.match(stored, new RegExp(`<img src="${BASE}/rest/domains/DEFAULT/projects/Demo/defects/${id}/attachments/pasted-20260105-143000-1\\.png"`));
    assert.equal(c.status().notice?.text, `Created defect ${id}.`);
  });

  it('keeps the created defect when an upload fails, names the missing image and uploads it on Retry', async () => {
    const project = fakeProject();
    const failing: { reason?: string } = { reason: 'Attachment too large for the server' };
    const { s, uploads, changed } = services(failing);
    const c = new DefectController({ api: project, key: { ...KEY }, user: project.user, now: () => NOW, images: s });
    await c.load();
    const reply = await c.pasteImage(png('shot.png'));
    c.setField('name', 'Broken layout');
    c.setField('severity', '2-Medium');
    c.setField('description', `<html><body><img src="${reply.src}"></body></html>`);
    assert.equal(await c.save(), 'saved', 'the defect is created whatever happens to its images');
    const id = c.defectKey.id!;
    assert.ok(project.store.has(id));
    const notice = c.status().notice;
    assert.equal(notice?.kind, 'warning');
    assert.equal(notice?.action, 'retryImages');
    assert.match(notice.text, /shot\.png.*Attachment too large for the server.*Retry/);
    assert.match(String(project.store.get(id)?.description), /attachments\/shot\.png"/, 'the memo already names where the image will be');

    failing.reason = undefined;
    await c.retryImages();
    assert.deepEqual(uploads, [{ id, name: 'shot.png', size: PNG.length }]);
    assert.deepEqual(changed, [id]);
    assert.equal(c.status().notice?.action, undefined);
    assert.match(c.status().notice?.text ?? '', /attached/);
  });

  it('says so when the memos cannot be saved after the images were attached, and saves them on Retry', async () => {
    const project = fakeProject();
    const { s } = services();
    const c = new DefectController({ api: project, key: { ...KEY }, user: project.user, now: () => NOW, images: s });
    await c.load();
    const reply = await c.pasteImage(png('a.png'));
    c.setField('name', 'Broken layout');
    c.setField('severity', '2-Medium');
    c.setField('description', `<html><body><img src="${reply.src}"></body></html>`);
    project.failUpdate = new Error('Server busy');
    assert.equal(await c.save(), 'saved');
    const id = c.defectKey.id!;
    assert.match(c.status().notice?.text ?? '', /memos could not be updated.*Server busy/);
    assert.doesNotMatch(String(project.store.get(id)?.description), /https:/);
    await c.retryImages();
    assert.match(String(project.store.get(id)?.description), /https:\/\/alm\.example\.com\/qcbin\/rest\/.*attachments\/a\.png"/);
    assert.match(text(c.value('description')), /attachments\/a\.png"/, 'the form shows the saved memo');
  });

  it('refuses more than the limit of waiting images for a new defect', async () => {
    const project = fakeProject();
    const c = new DefectController({ api: project, key: { ...KEY }, user: project.user, now: () => NOW, images: services().s });
    await c.load();
    for (let i = 0; i < MAX_PENDING_IMAGES; i++) await c.pasteImage(png());
    await assert.rejects(c.pasteImage(png()), /click Save first/);
  });
});
