// @ts-check
/**
 * The server's import graph, counted: which part of the server imports which (each module's
 * routes, services, repositories and other files; each infrastructure folder; the files at the
 * top of src/), and how many imports break the layering that `eslint-rules/server-layers.js`
 * enforces. The counts are what docs/architecture.md's "Layers" describes.
 *
 *   node scripts/server-imports.mjs                 this checkout's server
 *   node scripts/server-imports.mjs <server dir>    another checkout's (e.g. a worktree of an older commit)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { infrastructure, serverPart } from '../eslint-rules/server-layers.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.resolve(process.argv[2] ?? path.join(root, 'apps/server'));
const src = path.join(serverDir, 'src');
const testDir = path.join(serverDir, 'test');

/** @param {string} dir @returns {string[]} */
function tsFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : tsFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** What a file of src/ is, as the lint rule names it, with a label for the graph. */
function partOf(/** @type {string} */ file) {
  const part = serverPart(file, src) ?? { top: '..', module: null, layer: null };
  const kind = part.top === '' ? '(top of src)' : part.layer ? `module ${part.layer}` : part.top;
  return { top: part.top, kind, module: part.module };
}

const importPattern =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** @type {Map<string, number>} */
const edges = new Map();
const breaks = { infrastructureImportsModule: 0, crossModuleNotService: 0, routesImportRepository: 0 };
let climbingSrc = 0;
let climbingTest = 0;
let files = 0;

for (const file of [...tsFiles(src), ...tsFiles(testDir)]) {
  const isTest = file.startsWith(testDir + path.sep) || file.endsWith('.test.ts');
  const text = fs.readFileSync(file, 'utf8');
  if (!isTest) files++;
  for (const match of text.matchAll(importPattern)) {
    const spec = match[3] ?? match[4] ?? '';
    if (spec.startsWith('../')) {
      if (isTest) {
        if (spec.startsWith('../../../')) climbingTest++;
      } else if (spec.startsWith('../../')) climbingSrc++;
    }
    if (isTest) continue;
    let resolved = null;
    if (spec.startsWith('#server/')) resolved = path.join(src, spec.slice('#server/'.length));
    else if (spec.startsWith('.')) resolved = path.resolve(path.dirname(file), spec);
    if (resolved === null || path.relative(src, resolved).startsWith('..')) continue;
    const from = partOf(file);
    const to = partOf(resolved);
    const key = `${from.kind} → ${to.kind}`;
    edges.set(key, (edges.get(key) ?? 0) + 1);
    if (to.top !== 'modules') continue;
    if (infrastructure.includes(from.top)) breaks.infrastructureImportsModule++;
    else if (from.top === 'modules' && from.module !== to.module && to.kind !== 'module service')
      breaks.crossModuleNotService++;
    else if (from.kind === 'module routes' && to.kind === 'module repository')
      breaks.routesImportRepository++;
  }
}

console.log(
  `The server's import graph (${path.relative(process.cwd(), serverDir) || '.'}: ${files} files)\n`,
);
for (const [key, count] of [...edges].sort((a, b) => a[0].localeCompare(b[0])))
  console.log(`  ${String(count).padStart(5)}  ${key}`);
console.log('\nAgainst the layering:');
console.log(`  ${String(breaks.infrastructureImportsModule).padStart(5)}  infrastructure → a module`);
console.log(
  `  ${String(breaks.crossModuleNotService).padStart(5)}  a module → another module, not its service`,
);
console.log(`  ${String(breaks.routesImportRepository).padStart(5)}  routes → a repository`);
console.log(`  ${String(climbingSrc).padStart(5)}  imports in src/ climbing two folders or more ('../../')`);
console.log(
  `  ${String(climbingTest).padStart(5)}  imports in tests climbing three folders or more ('../../../')`,
);
