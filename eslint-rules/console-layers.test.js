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
      { filename: at('features/stores/pages/stores-page.tsx'), code: "import { x } from './store-row.tsx';" },
      {
        filename: at('features/stores/pages/stores-page.tsx'),
        code: "import { x } from '@/features/stores/api/get-stores.ts';",
      },
      {
        filename: at('features/stores/pages/stores-page.tsx'),
        code: "import { x } from '@/lib/use-compact.ts';",
      },
      {
        filename: at('features/stores/pages/stores-page.tsx'),
        code: "import { paths } from '@/config/paths.ts';",
      },
      { filename: at('components/record-save.ts'), code: "import { x } from '@/lib/api-client.ts';" },
      { filename: at('app/router.tsx'), code: "const p = import('@/features/zones/pages/zones-page.tsx');" },
      // Tests may reach across to build their scene.
      {
        filename: at('features/stores/pages/stores-page.test.tsx'),
        code: "import { routes } from '@/app/router.tsx';",
      },
      {
        filename: at('features/stores/pages/stores-page.tsx'),
        code: "import { x } from '@storedesk/shared/zones/schemas';",
      },
    ],
    invalid: [
      {
        filename: at('features/stores/pages/stores-page.tsx'),
        code: "import { x } from '@/features/zones/api/get-zones.ts';",
        errors: [{ messageId: 'crossFeature', data: { from: 'stores', to: 'zones' } }],
      },
      {
        filename: at('features/stores/pages/stores-page.tsx'),
        code: "export { x } from '@/features/zones/api/get-zones.ts';",
        errors: [{ messageId: 'crossFeature' }],
      },
      {
        filename: at('features/stores/pages/stores-page.tsx'),
        code: "import { x } from '../../zones/api/get-zones.ts';",
        errors: [{ messageId: 'relativeUp' }, { messageId: 'crossFeature' }],
      },
      {
        filename: at('components/zone-picker.tsx'),
        code: "const p = import('@/features/zones/api/get-zones.ts');",
        errors: [{ messageId: 'sharedImportsFeature', data: { from: 'components', to: 'zones' } }],
      },
      {
        filename: at('lib/session.ts'),
        code: "import { x } from '@/features/auth/api/sign-out.ts';",
        errors: [{ messageId: 'sharedImportsFeature', data: { from: 'lib', to: 'auth' } }],
      },
      {
        filename: at('features/stores/pages/stores-page.tsx'),
        code: "import { paths } from '@/app/paths.ts';",
        errors: [{ messageId: 'upward', data: { from: 'features', to: 'app' } }],
      },
      {
        filename: at('lib/record-save.ts'),
        code: "import { useSnackbar } from '@/components/snackbar-provider.tsx';",
        errors: [{ messageId: 'upward', data: { from: 'lib', to: 'components' } }],
      },
      {
        filename: at('components/page-header.tsx'),
        code: "import { x } from '@/app/shell/app-shell.tsx';",
        errors: [{ messageId: 'upward', data: { from: 'components', to: 'app' } }],
      },
    ],
  },
);
