// Issue 37.10: "4-Very High" was nearly invisible in Light Modern — its icon's `charts.orange` had
// 33 % alpha there. The tree's severity icons take our own contributed colours, opaque in every
// theme kind and at least 3:1 (WCAG's contrast for icons) against the side bars they sit on.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { severityIcon } from '../../../src/tree/model/severity';

interface ContributedColor {
  id: string;
  defaults: Record<'light' | 'dark' | 'highContrast' | 'highContrastLight', string>;
}

const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as { contributes: { colors?: ContributedColor[] } };

/** Side bar backgrounds of the built-in themes of each kind (Light/Dark Modern and Light+/Dark+, high contrast). */
const BACKGROUNDS: Record<keyof ContributedColor['defaults'], string[]> = {
  light: ['#FFFFFF', '#F8F8F8', '#F3F3F3'],
  dark: ['#181818', '#1F1F1F', '#252526'],
  highContrast: ['#000000'],
  highContrastLight: ['#FFFFFF'],
};

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('tree: severity icon colours (issue 37.10)', () => {
  for (const severity of ['5-Urgent', '4-Very High', '3-High', '2-Medium', '1-Low']) {
    it(`${severity}: a contributed colour, opaque and at least 3:1 against every theme kind's side bar`, () => {
      const id = severityIcon(severity).color;
      const color = manifest.contributes.colors?.find((c) => c.id === id);
      assert.ok(color, `${String(id)} is contributed by package.json`);
      for (const [kind, backgrounds] of Object.entries(BACKGROUNDS) as [keyof ContributedColor['defaults'], string[]][]) {
        const value = color.defaults[kind];
        assert.match(value, /^#[0-9A-Fa-f]{6}$/, `${id} in ${kind} is opaque (#RRGGBB, no alpha)`);
        for (const bg of backgrounds) assert.ok(contrast(value, bg) >= 3, `${id} ${value} on ${bg} (${kind}): ${contrast(value, bg).toFixed(2)}:1`);
      }
    });
  }
});
