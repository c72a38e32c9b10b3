import path from 'node:path';

const consoleSrc = path.resolve(import.meta.dirname, '../apps/console/src');

/**
 * The console's layering: a feature imports no other feature, and the shared parts
 * (components/, lib/) import no feature; only app/ composes features. Relative imports
 * are resolved against the importing file, as a bundler would.
 */
export const consoleLayers = {
  meta: {
    type: 'problem',
    messages: {
      crossFeature:
        'features/{{from}} imports features/{{to}}: features do not import one another; share it from components/ or lib/, or compose them in app/.',
      sharedImportsFeature:
        '{{from}}/ imports features/{{to}}: components/ and lib/ are shared by every feature and import none.',
    },
  },
  create(context) {
    const file = path.resolve(context.filename);
    const area = path.relative(consoleSrc, file).split(path.sep);
    if (area[0] === '..' || /\.test\.tsx?$/.test(file)) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.relative(consoleSrc, path.resolve(path.dirname(file), spec)).split(path.sep);
      if (target[0] !== 'features') return;
      if (area[0] === 'features' && target[1] !== area[1]) {
        context.report({
          node: node.source,
          messageId: 'crossFeature',
          data: { from: area[1], to: target[1] },
        });
      } else if (area[0] === 'components' || area[0] === 'lib') {
        context.report({
          node: node.source,
          messageId: 'sharedImportsFeature',
          data: { from: area[0], to: target[1] },
        });
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
