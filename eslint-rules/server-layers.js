import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '../apps/server');
const serverSrc = path.join(serverDir, 'src');
const serverTest = path.join(serverDir, 'test');

/** The server's infrastructure: what every module may use, and which uses no module. */
export const infrastructure = ['db', 'lib', 'plugins', 'realtime', 'mail', 'sms', 'storage', 'web-push'];

/** Where SQL may be built (drizzle-orm's values, the schema's tables): repositories, db/, lib/ and the demo seed. */
const sqlHomes = new Set(['db', 'lib', 'seed']);

/**
 * What a file of the server's src/ is: its top folder ('' for the files at the top of src/), and
 * for a module's file, the module and its layer (routes, service, repository, or another file of
 * the module's own); null outside src/.
 * @param {string} file an absolute path
 * @param {string} src the server's src/ folder (this checkout's unless another is named)
 */
export function serverPart(file, src = serverSrc) {
  const parts = path.relative(src, file).split(path.sep);
  if (parts[0] === '..' || path.isAbsolute(parts[0])) return null;
  if (parts.length === 1) return { top: '', module: null, layer: null };
  if (parts[0] !== 'modules' || parts.length < 3) return { top: parts[0], module: null, layer: null };
  const name = parts.at(-1);
  const layer = /\.routes\.ts$/.test(name)
    ? 'routes'
    : /\.service\.ts$/.test(name)
      ? 'service'
      : /\.repository\.ts$/.test(name)
        ? 'repository'
        : 'other';
  return { top: 'modules', module: parts[1], layer };
}

/**
 * The server's layering, one way (docs/architecture.md, "Layers"): routes → services →
 * repositories → db. A route imports no repository; a repository imports no service or route; a
 * module reaches another module only through that module's service; infrastructure (db/, lib/,
 * plugins/, realtime/, mail/, sms/, storage/, web-push/) imports no module; SQL is built only in
 * repositories, db/ and lib/ (and the demo seed). The files at the top of src/ (app.ts, main.ts,
 * the page renderers, the CLI) compose the rest and may import anything.
 * Imports name the server's own files `#server/…` (src/) or `#test/…` (test/), or `./…` within
 * one folder: none climbs out of its folder. Tests may reach across layers to build their scene.
 */
export const serverLayers = {
  meta: {
    type: 'problem',
    messages: {
      relativeUp: "'{{spec}}' climbs out of its folder: import the server's own files as '{{alias}}…'.",
      infrastructureImportsModule:
        '{{from}}/ is infrastructure and imports modules/{{to}}: infrastructure imports no module; let the app hand it what it needs (see lib/callers.ts).',
      crossModule:
        "modules/{{from}} imports modules/{{to}}/{{file}}: a module reaches another only through its service ({{to}}.service.ts or another '*.service.ts' of it).",
      routesImportRepository: 'A route imports {{file}}: routes call services, and services repositories.',
      repositoryImportsUpward: 'A repository imports {{file}}: repositories import no service or route.',
      serviceImportsRoutes: 'A service imports {{file}}: services import no route.',
      sqlOutsideRepository:
        "'{{spec}}' builds SQL outside a repository: SQL lives in '*.repository.ts' files (and db/, lib/).",
    },
  },
  create(context) {
    const file = path.resolve(context.filename);
    const inSrc = !path.relative(serverSrc, file).startsWith('..');
    const inTest = !path.relative(serverTest, file).startsWith('..');
    if (!inSrc && !inTest) return {};
    const isTest = inTest || /\.test\.ts$/.test(file);
    const from = inSrc ? serverPart(file) : null;

    /** Whether an import brings in values (not only types). */
    const bringsValues = (node) => {
      if (node.type !== 'ImportDeclaration') return node.exportKind !== 'type';
      if (node.importKind === 'type') return false;
      if (node.specifiers.length === 0) return true;
      return node.specifiers.some((s) => s.type !== 'ImportSpecifier' || s.importKind !== 'type');
    };

    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string') return;
      let resolved = null;
      if (spec.startsWith('#server/')) resolved = path.join(serverSrc, spec.slice('#server/'.length));
      else if (spec.startsWith('#test/')) resolved = path.join(serverTest, spec.slice('#test/'.length));
      else if (spec.startsWith('.')) resolved = path.resolve(path.dirname(file), spec);
      if (spec.startsWith('../')) {
        const intoTest = resolved !== null && !path.relative(serverTest, resolved).startsWith('..');
        context.report({
          node: node.source,
          messageId: 'relativeUp',
          data: { spec, alias: intoTest ? '#test/' : '#server/' },
        });
      }
      if (isTest || from === null) return;

      const sqlHome = /\.repository\.ts$/.test(file) || sqlHomes.has(from.top);
      if (
        !sqlHome &&
        bringsValues(node) &&
        (spec === 'drizzle-orm' ||
          spec.startsWith('drizzle-orm/') ||
          (resolved !== null && resolved === path.join(serverSrc, 'db', 'schema.ts')))
      ) {
        context.report({ node: node.source, messageId: 'sqlOutsideRepository', data: { spec } });
      }

      if (resolved === null) return;
      const to = serverPart(resolved);
      if (to === null || to.top !== 'modules') return;
      const target = path.basename(resolved);
      if (infrastructure.includes(from.top)) {
        context.report({
          node: node.source,
          messageId: 'infrastructureImportsModule',
          data: { from: from.top, to: to.module },
        });
        return;
      }
      if (from.top !== 'modules') return;
      if (to.module !== from.module && to.layer !== 'service') {
        context.report({
          node: node.source,
          messageId: 'crossModule',
          data: { from: from.module, to: to.module, file: target },
        });
        return;
      }
      if (from.layer === 'routes' && to.layer === 'repository') {
        context.report({ node: node.source, messageId: 'routesImportRepository', data: { file: target } });
      } else if (from.layer === 'repository' && (to.layer === 'service' || to.layer === 'routes')) {
        context.report({ node: node.source, messageId: 'repositoryImportsUpward', data: { file: target } });
      } else if (from.layer === 'service' && to.layer === 'routes') {
        context.report({ node: node.source, messageId: 'serviceImportsRoutes', data: { file: target } });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
