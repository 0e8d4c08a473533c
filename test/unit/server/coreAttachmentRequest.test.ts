// What a Core attachment request asks for: the item form from Accept/alt, the by-id switch and
// the Slug file name in its percent-encoded, raw UTF-8 and plain spellings.
import assert from 'node:assert/strict';
import type { FastifyRequest } from 'fastify';
import { byId, itemForm, slugName } from '../../../server/src/coreTree/attachments/request';

const withAccept = (accept?: string) => ({ headers: accept === undefined ? {} : { accept } }) as unknown as FastifyRequest;

describe('server core attachments: request parameters', () => {
  it('chooses XML without a preference, JSON or bytes when asked, alt over Accept, and 406 otherwise', () => {
    assert.equal(itemForm(withAccept(), undefined), 'xml');
    assert.equal(itemForm(withAccept('*/*'), undefined), 'xml');
    assert.equal(itemForm(withAccept('application/json'), undefined), 'json');
    assert.equal(itemForm(withAccept('text/html, application/octet-stream;q=0.5'), undefined), 'bytes');
    assert.equal(itemForm(withAccept('application/json'), 'application/octet-stream'), 'bytes');
    assert.throws(
      () => itemForm(withAccept('image/png'), undefined),
      (e: { status: number }) => e.status === 406,
    );
  });

  it('reads by-id as true/false and refuses other values', () => {
    assert.equal(byId(undefined), false);
    assert.equal(byId('TRUE'), true);
    assert.equal(byId('false'), false);
    assert.throws(
      () => byId('1'),
      (e: { status: number }) => e.status === 400,
    );
  });

  it('decodes Slug names: percent-encoding, raw UTF-8 seen as Latin-1, and plain names as written', () => {
    assert.equal(slugName('Bericht%20f%C3%BCr%20J%C3%A4nner.txt'), 'Bericht für Jänner.txt');
    assert.equal(slugName(Buffer.from('Größe.txt', 'utf8').toString('latin1')), 'Größe.txt');
    assert.equal(slugName('café.txt'), 'café.txt');
    assert.equal(slugName('100%zz.txt'), '100%zz.txt');
    assert.equal(slugName(' report.txt '), 'report.txt');
    assert.throws(
      () => slugName(undefined),
      (e: { status: number; title: string }) => e.status === 400 && /Slug header/.test(e.title),
    );
  });
});
