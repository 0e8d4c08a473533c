import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { freeName, numberedName, safeJoin, sanitizeFileName } from '../../../src/attachments/model/names';

const HOSTILE = [
  '../../x',
  '..\\..\\x',
  '/etc/passwd',
  'C:\\Windows\\win.ini',
  '..',
  '.',
  '...',
  '',
  '   ',
  'a/../../b',
  'CON',
  'con.txt',
  'Nul.tar.gz',
  'COM1',
  'lpt9.log',
  'AUX .txt',
  'CONIN$',
  'a<b>c:d"e|f?g*h',
  'tab\there',
  'nl\nx',
  'bell\u0007',
  'del\u007f',
  'c1\u0085',
  'evil\u202Etxt.exe',
  'zero\u200Bwidth',
  'trailing. . .',
  'x'.repeat(400) + '.txt',
  'é'.repeat(200) + '.pdf',
  '\\\\server\\share\\f',
  '%2e%2e%2fx',
  '~/x',
  'file:con',
];

describe('attachments: file name sanitizing', () => {
  it('turns path tricks into plain names', () => {
    assert.equal(sanitizeFileName('../../x'), '.._.._x');
    assert.equal(sanitizeFileName('..\\..\\x'), '.._.._x');
    assert.equal(sanitizeFileName('/etc/passwd'), '_etc_passwd');
    assert.equal(sanitizeFileName('C:\\Windows\\win.ini'), 'C__Windows_win.ini');
    assert.equal(sanitizeFileName('..'), 'attachment');
    assert.equal(sanitizeFileName('...'), 'attachment');
    assert.equal(sanitizeFileName('.'), 'attachment');
    assert.equal(sanitizeFileName('  '), 'attachment');
  });

  it('replaces reserved and control characters, drops invisible ones', () => {
    assert.equal(sanitizeFileName('a<b>c:d"e|f?g*h.txt'), 'a_b_c_d_e_f_g_h.txt');
    assert.equal(sanitizeFileName('tab\there.log'), 'tab_here.log');
    assert.equal(sanitizeFileName('x\u0000y'), 'x_y');
    assert.equal(sanitizeFileName('c1\u0085.txt'), 'c1_.txt');
    assert.equal(sanitizeFileName('evil\u202Etxt.exe'), 'eviltxt.exe', 'a right-to-left override cannot disguise the extension');
    assert.equal(sanitizeFileName('zero\u200Bwidth.png'), 'zerowidth.png');
  });

  it('prefixes Windows device names whatever the extension and case', () => {
    assert.equal(sanitizeFileName('CON'), '_CON');
    assert.equal(sanitizeFileName('con.txt'), '_con.txt');
    assert.equal(sanitizeFileName('Nul.tar.gz'), '_Nul.tar.gz');
    assert.equal(sanitizeFileName('lpt9.log'), '_lpt9.log');
    assert.equal(sanitizeFileName('AUX .txt'), '_AUX .txt');
    assert.equal(sanitizeFileName('console.log'), 'console.log', 'only exact device names');
    assert.equal(sanitizeFileName('COM10.txt'), 'COM10.txt');
  });

  it('drops trailing dots and spaces and keeps ordinary names unchanged', () => {
    assert.equal(sanitizeFileName('report.txt. . '), 'report.txt');
    for (const ok of ['screenshot.png', 'trace (1).log', '.gitignore', 'Résumé – final.docx', '日本語.txt', 'a%20b.txt']) {
      assert.equal(sanitizeFileName(ok), ok);
    }
  });

  it('shortens to 255 UTF-8 bytes, keeping the extension and whole characters', () => {
    const long = sanitizeFileName('x'.repeat(400) + '.txt');
    assert.equal(Buffer.byteLength(long), 255);
    assert.ok(long.endsWith('.txt'));
    const wide = sanitizeFileName('é'.repeat(200) + '.pdf');
    assert.ok(Buffer.byteLength(wide) <= 255);
    assert.ok(wide.endsWith('.pdf'));
    assert.ok(!wide.includes('\ufffd'), 'no split character');
  });

  it('never yields a name that leaves the folder, on disk', () => {
    const dir = mkdtempSync(join(tmpdir(), 'alm-names-'));
    const inner = join(dir, 'inner');
    try {
      mkdirSync(inner);
      for (const name of HOSTILE) {
        const target = safeJoin(inner, name);
        assert.equal(dirname(target), resolve(inner), `${JSON.stringify(name)} -> ${target}`);
        writeFileSync(target, 'x');
      }
      assert.deepEqual(readdirSync(dir), ['inner'], 'nothing was written next to the chosen folder');
      assert.equal(readdirSync(inner).length, new Set(HOSTILE.map(sanitizeFileName)).size);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('numbers copies the way ALM does and finds a free name', () => {
    assert.equal(numberedName('report.pdf', 2), 'report (2).pdf');
    assert.equal(numberedName('README', 1), 'README (1)');
    assert.equal(numberedName('.env', 1), '.env (1)');
    const taken = new Set(['a.txt', 'a (1).txt']);
    assert.equal(
      freeName('a.txt', (n) => taken.has(n)),
      'a (2).txt',
    );
    assert.equal(
      freeName('b.txt', (n) => taken.has(n)),
      'b.txt',
    );
  });
});
