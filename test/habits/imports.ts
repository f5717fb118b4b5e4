/**
 * The import graph of `src/`: every module and the modules it imports, type-only imports, re-exports and
 * dynamic `import()` included, resolved as TypeScript resolves them (the project's tsconfig). Astro components
 * count by the imports of their frontmatter script.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|mts|cts|tsx|js|mjs|astro)$/;

/** `module -> modules it imports`, paths relative to `root`, only modules under `dir`. */
export function importGraph(root: string, dir = 'src'): Map<string, string[]> {
  const configFile = ts.findConfigFile(root, ts.sys.fileExists, 'tsconfig.json');
  const options = configFile
    ? ts.parseJsonConfigFileContent(ts.readConfigFile(configFile, ts.sys.readFile).config, ts.sys, root).options
    : { moduleResolution: ts.ModuleResolutionKind.Bundler, allowJs: true };
  const host = ts.createCompilerHost(options);
  const base = resolve(root, dir);
  const files = (readdirSync(base, { recursive: true, withFileTypes: true }) as { name: string; parentPath: string; isFile(): boolean }[])
    .filter((e) => e.isFile() && SOURCE.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = scriptOf(file, readFileSync(file, 'utf8'));
    const { importedFiles } = ts.preProcessFile(text, true, true);
    const targets = new Set<string>();
    for (const { fileName: specifier } of importedFiles) {
      const target = resolveImport(specifier, file, options, host);
      if (target && known.has(target) && target !== file) targets.add(relative(root, target));
      else if (target === file) targets.add(relative(root, file));
    }
    graph.set(relative(root, file), [...targets].sort());
  }
  return graph;
}

/** The script of a module: an Astro component's frontmatter, any other file whole. */
function scriptOf(file: string, text: string): string {
  if (!file.endsWith('.astro')) return text;
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  return match ? match[1] : '';
}

function resolveImport(specifier: string, from: string, options: ts.CompilerOptions, host: ts.CompilerHost): string | null {
  if (specifier.endsWith('.astro')) return specifier.startsWith('.') ? resolve(dirname(from), specifier) : null;
  const resolved = ts.resolveModuleName(specifier, from, options, host).resolvedModule;
  if (!resolved || resolved.isExternalLibraryImport) return null;
  return resolve(resolved.resolvedFileName);
}

/** Every import cycle, one per strongly connected component: the shortest loop through its first module. */
export function cycles(graph: Map<string, string[]>): string[][] {
  const out: string[][] = [];
  for (const component of stronglyConnected(graph)) {
    const members = new Set(component);
    const start = [...component].sort()[0];
    if (component.length === 1 && !(graph.get(start) ?? []).includes(start)) continue;
    out.push(shortestLoop(graph, start, members));
  }
  return out.sort((a, b) => a[0].localeCompare(b[0]));
}

/** Tarjan's algorithm, iterative (no recursion limit on a deep graph). */
function stronglyConnected(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: { node: string; edge: number }[] = [{ node: root, edge: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++];
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        components.push(component);
      }
    }
  }
  return components;
}

/** Breadth-first from `start` back to `start` inside the component: `[start, ..., start]`. */
function shortestLoop(graph: Map<string, string[]>, start: string, members: Set<string>): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i];
    for (const to of graph.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const path: string[] = [];
        for (let at: string | undefined = node; at !== undefined && at !== start; at = previous.get(at)) path.unshift(at);
        return [start, ...path, start];
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start, start];
}

/**
 * The folder of a module, the unit of layering: below `src/lib/`, its first folder (`lib/claims`), or the module
 * itself for a file directly in `src/lib/` (`lib/pipeline.ts`); elsewhere in `src/`, its first folder
 * (`pages`, `components`, `loader`) or the file (`content.config.ts`).
 */
export function folderOf(module: string): string {
  const parts = module.split(/[\\/]/);
  if (parts[1] === 'lib') return parts.slice(1, 3).join('/');
  return parts[1];
}

/** `folder -> folder -> the module imports that make that edge`, from the module graph (edges inside a folder left out). */
export function folderGraph(graph: Map<string, string[]>): Map<string, Map<string, string[]>> {
  const folders = new Map<string, Map<string, string[]>>();
  for (const [from, targets] of graph) {
    const a = folderOf(from);
    if (!folders.has(a)) folders.set(a, new Map());
    for (const to of targets) {
      const b = folderOf(to);
      if (a === b) continue;
      const edges = folders.get(a)!;
      if (!edges.has(b)) edges.set(b, []);
      edges.get(b)!.push(`${from} -> ${to}`);
    }
  }
  return folders;
}

/** Every folder cycle (as `cycles`), each with the module imports along its loop. */
export function folderCycles(graph: Map<string, string[]>): { loop: string[]; imports: string[] }[] {
  const folders = folderGraph(graph);
  const plain = new Map([...folders].map(([folder, edges]) => [folder, [...edges.keys()].sort()]));
  return cycles(plain).map((loop) => ({
    loop,
    imports: loop.slice(1).flatMap((to, i) => folders.get(loop[i])!.get(to)!),
  }));
}
