import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of 1 KB or more, at the
 * highest settings: the server sends the one the browser accepts and never compresses at run time.
 */
export function precompress(): Plugin {
  return {
    name: 'storedesk:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? '';
      const files = Object.keys(bundle).filter(
        (name) => /\.(js|css|html|svg|json)$/.test(name) && !name.startsWith('.vite/'),
      );
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const bytes = await fs.readFile(file);
          if (bytes.length < 1024) return;
          const brotli = zlib.brotliCompressSync(bytes, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          });
          await fs.writeFile(`${file}.br`, brotli);
          await fs.writeFile(
            `${file}.gz`,
            zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
          );
        }),
      );
    },
  };
}
