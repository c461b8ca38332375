// The import graph of a package's TypeScript sources, read from the files themselves, for the
// tests that hold each package to its import rules: the storefront's and the back office's
// layers (src/layers.test.ts) and the API's layers and cycles (test/import-graph.test.ts). Each
// test keeps its own rules; this module only reads the graph and checks it against them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A static import, a re-export or a dynamic import of a relative specifier. */
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\1/g;

/** Every file under `dir` (recursively) whose name matches `pattern`. */
function sourceFiles(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path, pattern);
    return pattern.test(name) ? [path] : [];
  });
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Where a package's sources are and how its imports resolve. */
export interface GraphOptions {
  /** The package's folder, relative to the test's (default: the test's own). */
  root?: string;
  /** The folders read, relative to the root (default: the root itself). */
  dirs?: readonly string[];
  /** The file names read (default: .ts and .tsx). */
  pattern?: RegExp;
  /** What an import specifier may leave off, tried in order (default: '', .ts, .tsx). */
  extensions?: readonly string[];
}

/**
 * Each source file under the root (the folder of `testUrl`, a test's `import.meta.url`, unless
 * `root` says otherwise) and the files it imports, every path relative to the root. Package
 * imports are not edges.
 */
export function importGraph(
  testUrl: string,
  {
    root = '.',
    dirs = ['.'],
    pattern = /\.tsx?$/,
    extensions = ['', '.ts', '.tsx'],
  }: GraphOptions = {},
): Map<string, string[]> {
  const base = resolve(dirname(fileURLToPath(testUrl)), root);
  const resolveImport = (from: string, specifier: string) => {
    const target = resolve(dirname(from), specifier);
    const found = extensions.map((ext) => target + ext).find(isFile);
    if (!found) throw new Error(`${relative(base, from)}: cannot resolve ${specifier}`);
    return relative(base, found);
  };
  const files = dirs.flatMap((dir) => sourceFiles(resolve(base, dir), pattern));
  return new Map(
    files.map((from) => [
      relative(base, from),
      [...readFileSync(from, 'utf8').matchAll(IMPORT)].map((match) =>
        resolveImport(from, match[2] as string),
      ),
    ]),
  );
}

/** The number of edges of a graph: a test's proof that the parser found the graph at all. */
export function edgeCount(graph: ReadonlyMap<string, readonly string[]>): number {
  return [...graph.values()].reduce((sum, imports) => sum + imports.length, 0);
}

/** A package's import rule: the layer of a path (null: in none), and why an edge is forbidden. */
export interface LayerRule<Layer> {
  layerOf(path: string): Layer | null;
  /** Why an import from `from` to `to` is forbidden (`fromTest`: a test file's), or null. */
  forbidden(from: Layer, to: Layer, fromTest: boolean): string | null;
}

const isTestFile = (path: string) => /\.test\.tsx?$/.test(path);

/**
 * Every edge of `graph` its rule forbids, as `from → to: why`, and every file or import target in
 * no layer (a new folder the rule does not place yet).
 */
export function layerViolations<Layer>(
  graph: ReadonlyMap<string, readonly string[]>,
  rule: LayerRule<Layer>,
): string[] {
  return [...graph].flatMap(([from, imports]) => {
    const fromLayer = rule.layerOf(from);
    if (fromLayer === null) return [`${from} is in no layer`];
    return imports.flatMap((to) => {
      const toLayer = rule.layerOf(to);
      if (toLayer === null) return [`${from} imports ${to}, in no layer`];
      const why = rule.forbidden(fromLayer, toLayer, isTestFile(from));
      return why ? [`${from} → ${to}: ${why}`] : [];
    });
  });
}

/**
 * A layer test's check: the violations of `rule` in the import graph of its folder (see
 * importGraph). Throws when the graph has fewer than `minEdges` imports: a parser that found
 * nothing would let every test pass.
 */
export function checkImports<Layer>(
  testUrl: string,
  rule: LayerRule<Layer>,
  { minEdges, ...options }: GraphOptions & { minEdges: number },
): string[] {
  const graph = importGraph(testUrl, options);
  const edges = edgeCount(graph);
  if (edges < minEdges) throw new Error(`read ${edges} imports, expected at least ${minEdges}`);
  return layerViolations(graph, rule);
}

/**
 * The import cycles of a graph: each strongly connected component of more than one module (or
 * a module importing itself), as one cycle through it, so the message shows the chain to cut.
 */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's algorithm: one depth-first pass, each module's lowest reachable index on the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (module: string) => {
    index.set(module, index.size);
    low.set(module, index.get(module) as number);
    stack.push(module);
    onStack.add(module);
    for (const next of graph.get(module) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(module, Math.min(low.get(module) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(module, Math.min(low.get(module) as number, index.get(next) as number));
      }
    }
    if (low.get(module) !== index.get(module)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== module);
    if (component.length > 1 || graph.get(module)?.includes(module)) components.push(component);
  };
  for (const module of graph.keys()) if (!index.has(module)) visit(module);
  return components.map((component) => cycleThrough(graph, new Set(component)));
}

/** One cycle inside a strongly connected component: follow its edges from its first module. */
function cycleThrough(graph: ReadonlyMap<string, readonly string[]>, component: Set<string>) {
  const start = [...component].sort()[0] as string;
  const path = [start];
  const seen = new Set(path);
  for (;;) {
    const current = path[path.length - 1] as string;
    const next = (graph.get(current) ?? []).filter((to) => component.has(to));
    const back = next.find((to) => to === start);
    if (back !== undefined) return [...path, start];
    const fresh = next.find((to) => !seen.has(to)) as string;
    path.push(fresh);
    seen.add(fresh);
  }
}

/** The layers of a React app's src/ (the storefront's and the back office's). */
export type AppLayer =
  | { kind: 'app' }
  | { kind: 'feature'; name: string }
  | { kind: 'components' }
  | { kind: 'lib' };

/**
 * The app layer of a file by its folder (its path relative to src/): app/ and the files at the
 * top of src/ (entries, stylesheet) are the app's, features/<name>/ that feature's, components/
 * and lib/ their own; null for any other folder (the app's rule places those itself).
 */
export function appLayerOf(path: string): AppLayer | null {
  const [top, second] = path.split('/');
  if (top === 'app' || second === undefined) return { kind: 'app' };
  if (top === 'features') return { kind: 'feature', name: second };
  if (top === 'components') return { kind: 'components' };
  if (top === 'lib') return { kind: 'lib' };
  return null;
}

const RANK = { app: 3, feature: 2, components: 1, lib: 0 } as const;

/**
 * Why an app's import breaks app → features → components → lib (each layer imports itself and
 * the layers below it) or imports another feature, or null when it keeps them.
 */
export function appDirection(from: AppLayer, to: AppLayer): string | null {
  if (from.kind === 'feature' && to.kind === 'feature') {
    return from.name === to.name ? null : `feature ${from.name} imports feature ${to.name}`;
  }
  if (from.kind === to.kind) return null;
  return RANK[from.kind] > RANK[to.kind] ? null : `${from.kind} imports ${to.kind}`;
}
