import path from 'node:path';

const consoleSrc = path.resolve(import.meta.dirname, '../apps/console/src');

/**
 * The console's layering, one way: app/ → features/ → components/ → lib/ (and config/), and
 * every one of them → packages/shared. A feature imports no other feature and nothing of app/;
 * components/ import no feature and nothing of app/; lib/ and config/ import neither, nor
 * components/. Only app/ composes features. Tests, and the testing/ folder they share, may
 * reach across to build their scene.
 * Imports are `@/…` (the console's src/) or relative, resolved as a bundler would.
 */
export const consoleLayers = {
  meta: {
    type: 'problem',
    messages: {
      crossFeature:
        'features/{{from}} imports features/{{to}}: features do not import one another; share it from components/ or lib/, or compose them in app/.',
      sharedImportsFeature:
        '{{from}}/ imports features/{{to}}: components/ and lib/ are shared by every feature and import none.',
      upward:
        '{{from}}/ imports {{to}}/: imports go one way, app/ → features/ → components/ → lib/ and config/; move what is shared below.',
      relativeUp: "'{{spec}}' climbs out of its folder: import the console's own modules as '@/…'.",
    },
  },
  create(context) {
    const file = path.resolve(context.filename);
    const area = path.relative(consoleSrc, file).split(path.sep);
    if (area[0] === '..' || /\.test\.tsx?$/.test(file)) return {};
    /** How low each top folder is: a folder imports only from lower ones (and features from themselves). */
    const rank = { app: 4, features: 3, components: 2, lib: 1, config: 1 };
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string') return;
      let resolved;
      if (spec.startsWith('@/')) resolved = path.join(consoleSrc, spec.slice(2));
      else if (spec.startsWith('.')) resolved = path.resolve(path.dirname(file), spec);
      else return;
      if (spec.startsWith('../')) {
        context.report({ node: node.source, messageId: 'relativeUp', data: { spec } });
      }
      const target = path.relative(consoleSrc, resolved).split(path.sep);
      if (target[0] === '..' || target.length < 2) return;
      if (target[0] === 'features' && area[0] === 'features') {
        if (target[1] !== area[1]) {
          context.report({
            node: node.source,
            messageId: 'crossFeature',
            data: { from: area[1], to: target[1] },
          });
        }
        return;
      }
      if (target[0] === 'features' && (area[0] === 'components' || area[0] === 'lib')) {
        context.report({
          node: node.source,
          messageId: 'sharedImportsFeature',
          data: { from: area[0], to: target[1] },
        });
        return;
      }
      const from = rank[area[0]];
      const to = rank[target[0]];
      if (from !== undefined && to !== undefined && to > from) {
        context.report({ node: node.source, messageId: 'upward', data: { from: area[0], to: target[0] } });
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
