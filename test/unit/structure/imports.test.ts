// Keeps the import graphs of src/ (the extension) and server/src/ (the ALM server) the shape their
// layouts promise: no file imports itself back through a circle (type imports count: a type circle
// ties the files together just the same), no folder imports a folder above it, and the feature
// folders import each other without a circle. It reads the sources with TypeScript's own
// pre-processor, so it needs no build.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

const SRC = path.resolve(__dirname, '../../../src');
const SERVER = path.resolve(__dirname, '../../../server/src');

/** Lower layers first; a file may import its own folder or a folder of a lower layer. */
const LAYERS: Record<string, number> = {
  api: 0,
  shared: 0,
  util: 1,
  config: 2,
  defects: 2,
  auth: 3,
  tree: 4,
  editor: 4,
  attachments: 4,
  chat: 4,
  grid: 4,
  work: 4,
  references: 4,
  refresh: 4,
  report: 4,
  bulk: 4,
  export: 4,
  links: 4,
  followUp: 4,
  inbox: 4,
  'extension.ts': 5,
};

/**
 * The server's layers (server/DESIGN.md): the plain building blocks, the query compiler and the
 * stores, the field catalog, the rules both trees share, then the trees, and the assembly on top.
 */
const SERVER_LAYERS: Record<string, number> = {
  'errors.ts': 0,
  'config.ts': 0,
  'faults.ts': 0,
  'mediaTypes.ts': 0,
  'xml.ts': 0,
  'profile.ts': 0,
  'headerCase.ts': 0,
  'diskFull.ts': 0,
  'xmlCost.ts': 0,
  'limits.ts': 1,
  'body.ts': 1,
  'bodyTimeout.ts': 1,
  query: 1,
  store: 2,
  metadata: 3,
  'context.ts': 3,
  'params.ts': 4,
  'errorBody.ts': 4,
  rules: 4,
  attachments: 5,
  auth: 5,
  apiTree: 6,
  coreTree: 6,
  demo: 6,
  'app.ts': 7,
  'index.ts': 8,
  'cli.ts': 9,
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

function resolve(from: string, specifier: string): string | undefined {
  // `./ast.js` names `./ast.ts` (the server's query compiler writes its imports that way).
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  return [`${base}.ts`, path.join(base, 'index.ts')].find((f) => fs.existsSync(f));
}

/** Each file's imports of other files under src/ (relative specifiers only). */
export function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = info.importedFiles
      .map((i) => i.fileName)
      .filter((s) => s.startsWith('.'))
      .map((s) => resolve(file, s));
    graph.set(file, [...new Set(targets.filter((t): t is string => t !== undefined))]);
  }
  return graph;
}

/** Strongly connected components with more than one member, or a member importing itself (Tarjan). */
export function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

function checkStructure(root: string, name: string, layers: Record<string, number>, entry: string): void {
  const topFolder = (file: string): string => path.relative(root, file).split(path.sep)[0];
  const rel = (file: string): string => path.relative(root, file).split(path.sep).join('/');
  const graph = importGraph(sourceFiles(root));

  it('finds the imports it checks (the reader is not blind)', () => {
    const tree = graph.get(path.join(root, entry)) ?? [];
    assert.ok(tree.length > 5, `${entry} should import several modules, read ${tree.length}`);
    assert.deepEqual(
      circles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
          ['d', ['a']],
        ]),
      ),
      [['a', 'b', 'c']],
    );
  });

  it('has no import circle between files', () => {
    assert.deepEqual(
      circles(graph).map((c) => c.map(rel)),
      [],
    );
  });

  it('never imports a folder of a higher layer', () => {
    const upward: string[] = [];
    for (const [file, targets] of graph) {
      const from = topFolder(file);
      assert.ok(from in layers, `${name}${from} has no layer: add it to the layers in this test`);
      for (const target of targets) {
        const to = topFolder(target);
        if (to !== from && layers[to] > layers[from]) upward.push(`${rel(file)} -> ${rel(target)}`);
      }
    }
    assert.deepEqual(upward, []);
  });

  // A feature's public surface: index.ts, which plain Node can load, and host.ts for what needs VS Code.
  it("lets a feature reach another feature only through that feature's index.ts or host.ts, never its internals", () => {
    const features = Object.keys(LAYERS).filter((f) => LAYERS[f] === LAYERS.tree);
    const internals: string[] = [];
    for (const [file, targets] of graph) {
      const from = topFolder(file);
      if (!features.includes(from)) continue;
      for (const t of targets) {
        const to = topFolder(t);
        if (to !== from && features.includes(to) && rel(t) !== `${to}/index.ts` && rel(t) !== `${to}/host.ts`) internals.push(`${rel(file)} -> ${rel(t)}`);
      }
    }
    assert.deepEqual(internals, []);
  });

  it('has feature folders that import each other without a circle', () => {
    const folders = new Map<string, string[]>();
    for (const [file, targets] of graph) {
      const from = topFolder(file);
      const list = folders.get(from) ?? [];
      for (const t of targets) if (topFolder(t) !== from && !list.includes(topFolder(t))) list.push(topFolder(t));
      folders.set(from, list);
    }
    assert.deepEqual(circles(folders), []);
  });
}

describe('import structure of src/', () => checkStructure(SRC, 'src/', LAYERS, 'extension.ts'));

describe('import structure of server/src/', () => checkStructure(SERVER, 'server/src/', SERVER_LAYERS, 'app.ts'));

// Issue 39: the views that open a result (the grid, CSV export) take it from src/defects (results,
// group counting, defect events), never from the tree; the hub is built once, at activation.
describe('defect results and events below the features', () => {
  const files = sourceFiles(SRC);
  const graph = importGraph(files);
  const rel = (file: string): string => path.relative(SRC, file).split(path.sep).join('/');

  it('has the grid and CSV export import nothing of the tree', () => {
    const imports = [...graph].flatMap(([file, targets]) => (/^(grid|export)\//.test(rel(file)) ? targets.filter((t) => rel(t).startsWith('tree/')).map((t) => `${rel(file)} -> ${rel(t)}`) : []));
    assert.deepEqual(imports, []);
  });

  it('builds the defect events hub once, in extension.ts', () => {
    const builders = files.filter((f) => /new DefectEvents\(/.test(fs.readFileSync(f, 'utf8'))).map(rel);
    assert.deepEqual(builders, ['extension.ts']);
  });
});
