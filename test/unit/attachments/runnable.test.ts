// "Open in Default Application" asks first for every file the system would run (issue 28 item 10):
// decided on the name the file is written under, not on the server's name that hides it.
import * as assert from 'node:assert/strict';
import { sanitizeFileName } from '../../../src/attachments/model/names';
import { runsWhenOpened } from '../../../src/attachments/model/runnable';

/** A 255-byte cut: the tail after the last dot is too long to keep, so the name is cut after `a.exe`. */
const CUT_TO_EXE = `${'a'.repeat(250)}a.exe.${'x'.repeat(20)}`;

/** Server names that are saved as a program or script (the list and their kin), with the name written. */
const DISGUISED: [string, string][] = [
  ['setup.exe.', 'setup.exe'],
  ['setup.exe . .', 'setup.exe'],
  ['setup.e\u200bxe', 'setup.exe'],
  ['setup.ex\u200de', 'setup.exe'],
  ['setup.\u2060exe', 'setup.exe'],
  ['setup.e\u00adxe', 'setup.exe'],
  ['\ufeffsetup.exe', 'setup.exe'],
  ['setup.ex\ufeffe', 'setup.exe'],
  ['setup.\u202eexe', 'setup.exe'],
  ['invoice\u202Efdp.bat', 'invoicefdp.bat'],
  ['run.c\u2066md\u2069', 'run.cmd'],
  ['x.ps1 .', 'x.ps1'],
  ['x.ps1\u00a0', 'x.ps1'],
  ['page.h\u061cta', 'page.hta'],
  ['tool.cm\u180ed', 'tool.cmd'],
  ['X.PıF', 'X.PıF'],
  [CUT_TO_EXE, `${'a'.repeat(250)}a.exe`],
];

/** A name as a test title: invisible characters as escapes, a long one by its end. */
const shown = (name: string): string => {
  const escaped = JSON.stringify(name.length > 40 ? `…${name.slice(-16)}` : name).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return escaped;
};

describe('attachments/model/runnable: programs and scripts by the name written', () => {
  for (const [name, written] of DISGUISED) {
    it(`asks before opening ${shown(name)} (written as ${shown(written)})`, () => {
      assert.equal(sanitizeFileName(name), written);
      assert.equal(runsWhenOpened(name), true);
      assert.equal(runsWhenOpened(written), true);
    });
  }

  it('knows the types the issue found missing, and the usual ones, in any case', () => {
    for (const ext of ['vbe', 'pif', 'url', 'msc', 'chm', 'exe', 'msi', 'bat', 'cmd', 'com', 'scr', 'ps1', 'vbs', 'js', 'jse', 'wsf', 'wsh', 'hta', 'lnk', 'reg', 'cpl', 'jar']) {
      assert.equal(runsWhenOpened(`file.${ext}`), true, ext);
      assert.equal(runsWhenOpened(`FILE.${ext.toUpperCase()}`), true, ext.toUpperCase());
    }
    for (const ext of ['sh', 'command', 'app', 'desktop', 'appimage', 'deb', 'rpm', 'dmg', 'pkg', 'py', 'iso', 'appx', 'settingcontent-ms']) {
      assert.equal(runsWhenOpened(`file.${ext}`), true, ext);
    }
  });

  it('opens documents without asking', () => {
    for (const name of ['report.pdf', 'notes.txt', 'trace.log', 'screen.png', 'setup.exe.txt', 'data.csv', 'exe', 'setup', 'archive.tar.gz', 'x.ps1.md', '.exe.txt']) {
      assert.equal(runsWhenOpened(name), false, name);
    }
  });
});
