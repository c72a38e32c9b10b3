// @ts-check
/**
 * What the console's first screens cost a browser: from the build's map of its
 * chunks, the JavaScript each needs (its chunk and every chunk that chunk imports,
 * statically, down to the entry), counted as the brotli bytes the server sends.
 *
 *   node scripts/bundle-budget.mjs         figures and budgets of apps/console/dist, apps/storefront/dist and apps/delivery/dist
 *
 * Exits 1 when a screen is over its budget (the console's, ADR 0027; the customer app's first screen,
 * ADR 0040; the delivery app's first screen, the same as the customer app's).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/console/dist');
const KB = 1024;

/** Each screen: the source modules the router loads for it, and its budget in compressed bytes. */
/** The signed-in shell, which the sign-in page must never load. */
const shellModule = 'src/app/shell/app-shell.tsx';

export const screens = [
  { name: '/sign-in', modules: ['src/features/auth/pages/sign-in-page.tsx'], budget: 150 * KB },
  {
    name: '/dashboard (signed in)',
    modules: [shellModule, 'src/features/dashboard/pages/dashboard-page.tsx'],
    budget: 250 * KB,
  },
];

/**
 * Modules the sign-in page loads once someone uses it (the snackbar): none may need the signed-in
 * shell's chunks. The other public pages (sign-up, password reset) share the shell's
 * chunk of fields and dialogs, and so have it cached once the person is in (ADR 0030).
 */
export const signedOut = ['src/components/snackbar-view.tsx'];

/** @typedef {{ file: string, imports: string[], loads: string[], modules: string[], isEntry: boolean }} Chunk */

/**
 * The chunks a screen loads: what loading the entry and the chunks holding its modules fetches.
 * Read from the build's `.vite/chunks.json` (see vite.config.ts), which says which chunk holds
 * each source module, grouped ones included, and what each chunk loads.
 * @param {Chunk[]} chunks @param {string[]} modules
 */
export function chunksOf(chunks, modules) {
  const start = chunks.filter((chunk) => chunk.isEntry);
  if (start.length === 0) throw new Error('the build has no entry chunk');
  for (const module of modules) {
    const holder = chunks.find((chunk) => chunk.modules.includes(module));
    if (!holder) throw new Error(`no chunk holds ${module}: was it renamed?`);
    start.push(holder);
  }
  return [...new Set(start.flatMap((chunk) => chunk.loads))];
}

/** The bytes a browser that accepts brotli receives for a built file of the console. */
export function brotliSize(/** @type {string} */ file) {
  const full = path.join(dist, file);
  if (fs.existsSync(`${full}.br`)) return fs.statSync(`${full}.br`).size;
  return zlib.brotliCompressSync(fs.readFileSync(full)).length;
}

const kb = (/** @type {number} */ bytes) => `${(bytes / KB).toFixed(1)} KB`;

/** The apps' first screens (the customer app's home, the delivery app's sign-in or list): at most this much JavaScript, compressed. */
export const appBudget = 120 * KB;

/** The browser apps: where each is built, and the address its files are served under. */
export const apps = [
  { name: 'customer app', dist: path.join(root, 'apps/storefront/dist'), assets: '/shop/_app/' },
  { name: 'delivery app', dist: path.join(root, 'apps/delivery/dist'), assets: '/deliver/_app/' },
];

/**
 * The JavaScript of an app's first screen: the page's module script and the chunks the build
 * preloads with it (Vite names every static import of the entry so); the other screens and the map
 * load when they are opened. Answers the files, or null without a build.
 * @param {{ dist: string, assets: string }} app
 */
export function firstScreen(app) {
  const page = path.join(app.dist, 'index.html');
  if (!fs.existsSync(page)) return null;
  const html = fs.readFileSync(page, 'utf8');
  return [...html.matchAll(new RegExp(`(?:src|href)="${app.assets}(assets/[\\w.-]+\\.js)"`, 'g'))].map(
    (match) => {
      // The pattern's one group always matches.
      const name = /** @type {string} */ (match[1]);
      const file = path.join(app.dist, name);
      const br = `${file}.br`;
      return {
        file: name,
        raw: fs.statSync(file).size,
        sent: fs.existsSync(br)
          ? fs.statSync(br).size
          : zlib.brotliCompressSync(fs.readFileSync(file)).length,
      };
    },
  );
}

function main() {
  const chunksFile = path.join(dist, '.vite/chunks.json');
  if (!fs.existsSync(chunksFile)) {
    console.error('No console build: run `npm run build` first.');
    process.exit(1);
  }
  /** @type {{ chunks: Chunk[] }} */
  const { chunks } = JSON.parse(fs.readFileSync(chunksFile, 'utf8'));
  let over = 0;
  for (const screen of screens) {
    const files = chunksOf(chunks, screen.modules).map((file) => ({
      file,
      raw: fs.statSync(path.join(dist, file)).size,
      sent: brotliSize(file),
    }));
    const sent = files.reduce((sum, f) => sum + f.sent, 0);
    const raw = files.reduce((sum, f) => sum + f.raw, 0);
    const ok = sent <= screen.budget;
    if (!ok) over++;
    console.log(
      `${ok ? 'PASS' : 'FAIL'} ${screen.name}: ${kb(sent)} of JavaScript sent (brotli; ${kb(raw)} unpacked) ` +
        `in ${files.length} files; budget ${kb(screen.budget)}`,
    );
    for (const f of files.sort((a, b) => b.sent - a.sent).slice(0, 20)) {
      console.log(`       ${kb(f.sent).padStart(9)}  ${f.file}`);
    }
  }
  // What the sign-in page loads later must not pull in the signed-in shell's chunks, which grouping
  // a module both use into the shell would make it do.
  const shell = chunks.find((chunk) => chunk.modules.includes(shellModule));
  if (!shell) throw new Error(`no chunk holds ${shellModule}: was it renamed?`);
  for (const module of signedOut) {
    const loadsShell = chunksOf(chunks, [module]).includes(shell.file);
    if (loadsShell) over++;
    console.log(
      loadsShell
        ? `FAIL ${module} loads the signed-in shell's chunk, ${shell.file}`
        : `PASS ${module} does not load the signed-in shell's chunk`,
    );
  }
  for (const browserApp of apps) {
    const files = firstScreen(browserApp);
    if (!files) {
      console.error(`No ${browserApp.name} build: run \`npm run build\` first.`);
      process.exit(1);
    }
    const sent = files.reduce((sum, f) => sum + f.sent, 0);
    const raw = files.reduce((sum, f) => sum + f.raw, 0);
    const ok = sent <= appBudget && files.length > 0;
    if (!ok) over++;
    console.log(
      `${ok ? 'PASS' : 'FAIL'} ${browserApp.name}, first screen: ${kb(sent)} of JavaScript sent (brotli; ${kb(raw)} ` +
        `unpacked) in ${files.length} files; budget ${kb(appBudget)}`,
    );
    for (const f of files.sort((a, b) => b.sent - a.sent))
      console.log(`       ${kb(f.sent).padStart(9)}  ${f.file}`);
  }
  if (over > 0) process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
