// Which attachments "Open in Default Application" must not hand to the system without asking:
// those whose file, as actually written, the OS (or the program registered for it) would run.
// The decision is taken on the name the file is saved under (sanitizeFileName), never on the
// server's: `setup.exe.`, `setup.e\u200bxe` or a 255-byte cut ending in `a.exe` are all saved
// as `….exe`. No `vscode` import.
//
// No npm package keeps such a list well (searched: none maintained, none sourced). The list below
// is the union of, by extension name only:
// - Windows' default PATHEXT: .com .exe .bat .cmd .vbs .vbe .js .jse .wsf .wsh .msc;
// - the file types Microsoft Outlook blocks as attachments ("Blocked attachments in Outlook",
//   Level 1), the longest list Microsoft documents of types Windows may run or install;
// - Chromium's dangerous download types that are missing from both (app packages, shell
//   shortcuts such as .settingcontent-ms and .library-ms, .dll .ocx .sys);
// - disk images Windows and macOS mount on open (what is inside loses the mark of the web);
// - what macOS and Linux desktops run or install on open: app bundles, scripts Terminal opens,
//   installers and disk images, .desktop launchers, AppImages and packages.
// Taken from those sources' documentation as they stood in 2025; when they add a type, add it here.
// A type on the list costs a confirmation; a type missing from it costs a program run unasked.
import { sanitizeFileName } from './names';

const WINDOWS_PATHEXT = 'com exe bat cmd vbs vbe js jse wsf wsh msc';

const OUTLOOK_BLOCKED =
  'ade adp app application appref-ms asp aspx asx bas bat bgi cab cer chm cmd cnt com cpl crt ' +
  'csh der diagcab exe fxp gadget grp hlp hpj hta htc inf ins isp its jar jnlp js jse ksh lnk ' +
  'mad maf mag mam maq mar mas mat mau mav maw mcf mda mdb mde mdt mdw mdz msc msh msh1 msh2 ' +
  'mshxml msh1xml msh2xml msi msp mst msu ops osd pcd pif pl plg prf prg printerexport ps1 ' +
  'ps1xml ps2 ps2xml psc1 psc2 psd1 psdm1 pst py pyc pyo pyw pyz pyzw reg scf scr sct shb shs ' +
  'theme tmp url vb vbe vbp vbs vhd vhdx vsmacros vsw webpnp website ws wsc wsf wsh xbap xll ' +
  'xnk';

const CHROMIUM_DANGEROUS = 'appx appxbundle msix msixbundle settingcontent-ms library-ms search-ms searchconnector-ms dll ocx sys drv mht mhtml partial xrm-ms local manifest';

/** Disk images Windows and macOS mount when opened: the programs inside lose the mark of the web. */
const DISK_IMAGES = 'iso img vhd vhdx dmg';

const MACOS = 'app command tool terminal workflow action scpt scptd applescript pkg mpkg dmg prefpane webloc inetloc fileloc definition osx kext dylib bundle plugin';

const UNIX = 'sh bash zsh ksh csh tcsh fish run bin desktop appimage deb rpm snap flatpak flatpakref rb pl py php';

const RUNS_WHEN_OPENED: ReadonlySet<string> = new Set([WINDOWS_PATHEXT, OUTLOOK_BLOCKED, CHROMIUM_DANGEROUS, DISK_IMAGES, MACOS, UNIX].flatMap((list) => list.split(' ')));

/**
 * The extension the OS sees in the file written for `name`, compared without case: upper-cased
 * first, so that dotless `ı`, long `ſ` and the Kelvin sign fold as a case-insensitive file
 * system folds them (`X.PıF` is `X.PIF`).
 */
function writtenExtension(name: string): string {
  const written = sanitizeFileName(name);
  const extension = written.slice(written.lastIndexOf('.') + 1);
  return extension === written ? '' : extension.toUpperCase().toLowerCase();
}

/** Whether opening the file saved for attachment `name` in its default application may run it. */
export function runsWhenOpened(name: string): boolean {
  return RUNS_WHEN_OPENED.has(writtenExtension(name));
}
