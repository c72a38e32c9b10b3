import fs from 'node:fs/promises';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompiledMessages } from '../../packages/web/src/vite-messages.ts';
import { precompress } from '../../packages/web/src/vite-precompress.ts';

/** The module the signed-in shell starts from: a signed-in page load preloads its chunks. */
const shellModule = 'src/app/shell/app-shell.tsx';

/**
 * Writes `.vite/chunks.json`: every JavaScript chunk with the chunks it imports statically, all
 * that loading it fetches (`loads`: itself and those imports' imports, down to the bottom) and the
 * source modules it holds; and `signedIn`, the chunks the shell needs beyond the entry's. Vite's
 * manifest names only the chunks a module starts; grouped modules (see `codeSplitting`) are found
 * here. The budget script counts from it, and the server adds `signedIn` as modulepreload links to
 * a page it serves to someone signed in.
 */
function chunkMap(): Plugin {
  let root = '';
  return {
    name: 'storedesk:chunk-map',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async writeBundle(options, bundle) {
      const built = Object.values(bundle)
        .filter((output) => output.type === 'chunk')
        .map((chunk) => ({
          file: chunk.fileName,
          isEntry: chunk.isEntry,
          imports: chunk.imports,
          modules: chunk.moduleIds
            .filter((id) => id.startsWith(root) && !id.includes('node_modules'))
            .map((id) => path.relative(root, id).split(path.sep).join('/')),
        }));
      const byFile = new Map(built.map((chunk) => [chunk.file, chunk]));
      /** The chunk and every chunk it imports statically, down to the bottom: what loading it fetches. */
      const loadsOf = (file: string) => {
        const seen = new Set<string>();
        const stack = [file];
        while (stack.length > 0) {
          const next = stack.pop()!;
          if (seen.has(next)) continue;
          seen.add(next);
          stack.push(...(byFile.get(next)?.imports ?? []));
        }
        return [...seen].sort();
      };
      const chunks = built.map((chunk) => ({ ...chunk, loads: loadsOf(chunk.file) }));
      const entry = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => chunk.loads));
      const shell = chunks.find((chunk) => chunk.modules.includes(shellModule));
      if (!shell) throw new Error(`no chunk holds ${shellModule}`);
      const signedIn = shell.loads.filter((file) => !entry.has(file));
      const dir = path.join(options.dir ?? '', '.vite');
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(path.join(dir, 'chunks.json'), `${JSON.stringify({ chunks, signedIn }, null, 2)}\n`);
    },
  };
}

/** A chunk group's test: the module is one of these files (paths below apps/console, or packages/…). */
function oneOf(...files: string[]): (id: string) => boolean {
  return (id) => {
    const file = id.split(path.sep).join('/');
    return files.some((wanted) => file.endsWith(`/${wanted}`));
  };
}

// The console's own directory, so the build works from any working directory.
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);
const server = 'http://127.0.0.1:3000';

export default defineConfig({
  root,
  plugins: [react(), precompiledMessages(), precompress(), chunkMap()],
  // Imports of the console's own modules start at src/: `@/lib/session.ts`.
  resolve: { alias: [{ find: /^@\//, replacement: `${root}src/` }] },
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: false },
      '/files': { target: server, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the console supports knows <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Four groups, so that a first screen comes in a few requests instead of dozens of small
        // ones (ADR 0030); a group takes the modules its test names and all they import that a
        // group before it has not taken. Everything else is split as screens share it, so a screen
        // opened later loads only what it shows (the map, the settings, the catalogue…).
        codeSplitting: {
          groups: [
            // React changes less often than the app: its own chunk stays cached across releases.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 30,
            },
            // What every visit runs: the entry's imports (the sign-in page and the MUI parts it
            // uses among them). limits.ts is here as the sign-in page's checks (sign-in-fields.ts)
            // use it: in the shell's chunk it would load the shell for someone signed out (npm run
            // budget checks).
            {
              name: 'boot',
              test: oneOf(
                'src/app/providers.tsx',
                'src/app/router.tsx',
                'src/lib/lazy-page.tsx',
                'src/lib/query-client.ts',
                'src/lib/session.ts',
                'packages/shared/src/limits.ts',
              ),
              priority: 25,
            },
            // The snackbar, which every screen fetches once it shows, the sign-in page among them.
            {
              name: 'snackbar',
              test: oneOf('src/components/snackbar-view.tsx'),
              priority: 20,
            },
            // The signed-in shell and the dashboard it opens on, with all they use beyond the boot.
            {
              name: 'shell',
              test: oneOf(shellModule, 'src/features/dashboard/pages/dashboard-page.tsx'),
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
