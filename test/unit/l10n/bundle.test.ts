// Localization stays complete: every `l10n.t` / `vscode.l10n.t` message in the sources is in
// l10n/bundle.l10n.json (which `npm run l10n` writes) and the bundle holds nothing stale; every
// `%key%` of package.json is in package.nls.json and every nls key is used; the manifest's
// user-visible strings are keys. The sources are read with the TypeScript parser, the same way
// @vscode/l10n-dev finds the calls, so a message built at run time is caught too.
import * as assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as l10n from '@vscode/l10n';
import * as ts from 'typescript';
import { defectRowLabel } from '../../../src/tree/model/tooltip';

const ROOT = join(__dirname, '..', '..', '..');
const readJson = (path: string): unknown => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)).replace(/\\/g, '/'));
}

/** `l10n.t(...)` or `vscode.l10n.t(...)`. */
function isTranslateCall(node: ts.Node): node is ts.CallExpression {
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression) || node.expression.name.text !== 't') return false;
  const target = node.expression.expression;
  return (ts.isIdentifier(target) && target.text === 'l10n') || (ts.isPropertyAccessExpression(target) && target.name.text === 'l10n');
}

const literalText = (e: ts.Expression | undefined): string | undefined => (e && (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) ? e.text : undefined);

/** The bundle key of one call (message, plus `/comment` when it has one), or a problem. */
function keyOf(call: ts.CallExpression): { key: string } | { problem: string } {
  const first = call.arguments[0];
  const message = literalText(first);
  if (message !== undefined) return { key: message };
  if (first && ts.isObjectLiteralExpression(first)) {
    const prop = (name: string) => first.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name)?.initializer;
    const text = literalText(prop('message'));
    const comment = prop('comment');
    const commentText = comment && ts.isArrayLiteralExpression(comment) ? comment.elements.map((c) => literalText(c) ?? '').join('') : literalText(comment);
    if (text !== undefined) return { key: commentText ? `${text}/${commentText}` : text };
  }
  return { problem: 'the message is not a string literal, so no bundle can hold it' };
}

function messagesIn(files: readonly string[]): { keys: Set<string>; problems: string[] } {
  const keys = new Set<string>();
  const problems: string[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (isTranslateCall(node)) {
        const found = keyOf(node);
        if ('key' in found) keys.add(found.key);
        else problems.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${found.problem}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { keys, problems };
}

describe('l10n: the translation bundle and package.nls.json', function () {
  // Extracting every message of src/ and webview/ takes 2 s on a quiet machine and more than the
  // default 5 s on a busy one (it failed by chance so): a bound for hangs, not a speed check.
  this.timeout(60_000);
  const hostFiles = sourceFiles('src');
  const files = [...hostFiles, ...sourceFiles('webview')];

  it('holds every l10n.t message of src/ and webview/, and nothing else (run `npm run l10n` after changing one)', () => {
    const { keys, problems } = messagesIn(files);
    assert.deepEqual(problems, []);
    assert.ok(keys.size > 300, `only ${keys.size} messages found: the scan is broken`);
    const bundle = new Set(Object.keys(readJson('l10n/bundle.l10n.json') as object));
    assert.deepEqual(
      [...keys].filter((k) => !bundle.has(k)),
      [],
      'messages missing from l10n/bundle.l10n.json',
    );
    assert.deepEqual(
      [...bundle].filter((k) => !keys.has(k)),
      [],
      'stale messages in l10n/bundle.l10n.json',
    );
  });

  it('leaves src/api in English: it has no vscode and no translations', () => {
    const api = hostFiles.filter((f) => f.startsWith('src/api/'));
    assert.ok(api.length > 10);
    const translated = api.filter((f) => /from '(vscode|@vscode\/l10n)'/.test(readFileSync(join(ROOT, f), 'utf8')));
    assert.deepEqual(translated, []);
  });

  it('has every %key% of package.json in package.nls.json, and no unused key', () => {
    const manifest = readFileSync(join(ROOT, 'package.json'), 'utf8');
    const used = new Set([...manifest.matchAll(/"%([^"%]+)%"/g)].map((m) => m[1]));
    const nls = readJson('package.nls.json') as Record<string, unknown>;
    assert.deepEqual(
      [...used].filter((k) => !(k in nls)),
      [],
      'keys missing from package.nls.json',
    );
    assert.deepEqual(
      Object.keys(nls).filter((k) => !used.has(k)),
      [],
      'unused keys in package.nls.json',
    );
    for (const [k, v] of Object.entries(nls)) assert.ok(typeof v === 'string' && v.trim() !== '', `${k} has no text`);
  });

  it('puts every user-visible manifest string through package.nls.json', () => {
    const pkg = readJson('package.json') as { displayName: string; description: string; capabilities: unknown; contributes: unknown };
    // The names VS Code shows from the manifest; tool input schemas are the model's, not the user's.
    const visible = new Set([
      'title',
      'category',
      'name',
      'contextualTitle',
      'description',
      'markdownDescription',
      'enumDescriptions',
      'contents',
      'label',
      'displayName',
      'userDescription',
      'modelDescription',
    ]);
    const plain: string[] = [];
    const check = (path: string, v: unknown) => {
      for (const s of Array.isArray(v) ? v : [v]) if (typeof s === 'string' && !/^%[^%]+%$/.test(s)) plain.push(`${path}: ${s.slice(0, 60)}`);
    };
    check('displayName', pkg.displayName);
    check('description', pkg.description);
    const walk = (node: unknown, path: string, parentKey: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${path}[${i}]`, parentKey));
      if (typeof node !== 'object' || node === null) return;
      for (const [k, v] of Object.entries(node)) {
        if (k === 'inputSchema' || k === 'keybindings') continue;
        // A property named `name` is text only in a view; elsewhere (tools, schema keys) it is an id.
        const isText = visible.has(k) && (k !== 'name' || parentKey === 'views') && !(parentKey === 'properties' && typeof v === 'object');
        if (isText) check(`${path}.${k}`, v);
        walk(v, `${path}.${k}`, path.includes('.views.') ? 'views' : k);
      }
    };
    walk(pkg.capabilities, 'capabilities', '');
    walk(pkg.contributes, 'contributes', '');
    assert.deepEqual(plain, []);
  });

  it('translates the vscode-free modules once the host hands @vscode/l10n the bundle', () => {
    try {
      l10n.config({ contents: { unassigned: 'nicht zugewiesen' } });
      assert.equal(defectRowLabel({ type: 'defect', id: 1, status: 'Open' }), '1: Open · nicht zugewiesen');
    } finally {
      l10n.config({ contents: {} });
    }
    assert.equal(defectRowLabel({ type: 'defect', id: 1, status: 'Open' }), '1: Open · unassigned');
  });
});
