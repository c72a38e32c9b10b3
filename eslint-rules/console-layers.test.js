import path from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { consoleLayers } from './console-layers.js';

RuleTester.describe = describe;
RuleTester.it = it;

const src = path.resolve(import.meta.dirname, '../apps/console/src');
const at = (file) => path.join(src, file);

new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } }).run(
  'console-layers',
  consoleLayers,
  {
    valid: [
      // Within one feature, from shared parts, and app/ composing features.
      {
        filename: at('features/stores/pages/stores-page.tsx'),
        code: "import { x } from '../api/get-stores.ts';",
      },
      {
        filename: at('features/stores/pages/stores-page.tsx'),
        code: "import { x } from '../../../lib/use-compact.ts';",
      },
      { filename: at('app/router.tsx'), code: "const p = import('../features/zones/pages/zones-page.tsx');" },
      // Tests may reach across to build their scene.
      {
        filename: at('features/stores/pages/stores-page.test.tsx'),
        code: "import { x } from '../../zones/api/get-zones.ts';",
      },
      {
        filename: at('features/stores/pages/stores-page.tsx'),
        code: "import { x } from '@storedesk/shared/zones/schemas';",
      },
    ],
    invalid: [
      {
        filename: at('features/stores/pages/stores-page.tsx'),
        code: "import { x } from '../../zones/api/get-zones.ts';",
        errors: [{ messageId: 'crossFeature', data: { from: 'stores', to: 'zones' } }],
      },
      {
        filename: at('features/stores/pages/stores-page.tsx'),
        code: "export { x } from '../../zones/api/get-zones.ts';",
        errors: [{ messageId: 'crossFeature' }],
      },
      {
        filename: at('components/zone-picker.tsx'),
        code: "const p = import('../features/zones/api/get-zones.ts');",
        errors: [{ messageId: 'sharedImportsFeature', data: { from: 'components', to: 'zones' } }],
      },
      {
        filename: at('lib/session.ts'),
        code: "import { x } from '../features/auth/api/sign-out.ts';",
        errors: [{ messageId: 'sharedImportsFeature', data: { from: 'lib', to: 'auth' } }],
      },
    ],
  },
);
