import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { serverLayers, serverPart } from './server-layers.js';

RuleTester.describe = describe;
RuleTester.it = it;

const server = path.resolve(import.meta.dirname, '../apps/server');
const at = (file) => path.join(server, 'src', file);
const inTest = (file) => path.join(server, 'test', file);

describe('serverPart', () => {
  it('names a module file by its module and layer, and other files by their top folder', () => {
    expect(serverPart(at('modules/orders/orders.routes.ts'))).toEqual({
      top: 'modules',
      module: 'orders',
      layer: 'routes',
    });
    expect(serverPart(at('modules/orders/bill.service.ts'))).toEqual({
      top: 'modules',
      module: 'orders',
      layer: 'service',
    });
    expect(serverPart(at('modules/orders/daily-stats.repository.ts'))).toEqual({
      top: 'modules',
      module: 'orders',
      layer: 'repository',
    });
    expect(serverPart(at('modules/orders/order-stats.ts'))).toEqual({
      top: 'modules',
      module: 'orders',
      layer: 'other',
    });
    expect(serverPart(at('plugins/access.ts'))).toEqual({ top: 'plugins', module: null, layer: null });
    expect(serverPart(at('app.ts'))).toEqual({ top: '', module: null, layer: null });
    expect(serverPart(inTest('harness.ts'))).toBeNull();
  });
});

new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: 'module' } }).run(
  'server-layers',
  serverLayers,
  {
    valid: [
      // One way down: routes → services → repositories → db, each module through another's service.
      {
        filename: at('modules/orders/orders.routes.ts'),
        code: "import * as orders from './orders.service.ts';",
      },
      {
        filename: at('modules/orders/orders.service.ts'),
        code: "import * as repo from './orders.repository.ts';",
      },
      {
        filename: at('modules/delivery/delivery.service.ts'),
        code: "import * as orders from '#server/modules/orders/orders.service.ts';",
      },
      {
        filename: at('modules/orders/orders.repository.ts'),
        code: "import { and, eq } from 'drizzle-orm';\nimport { orders } from '#server/db/schema.ts';",
      },
      // Infrastructure used by modules, and by other infrastructure.
      {
        filename: at('modules/orders/orders.service.ts'),
        code: "import { scopeOf } from '#server/lib/scope.ts';",
      },
      {
        filename: at('plugins/access.ts'),
        code: "import type { CallerResolvers } from '#server/lib/callers.ts';",
      },
      // SQL helpers in lib/ and db/, and the event log's repository in realtime/.
      { filename: at('lib/scope.ts'), code: "import { and, eq } from 'drizzle-orm';" },
      { filename: at('realtime/events.repository.ts'), code: "import { sql } from 'drizzle-orm';" },
      // Types of drizzle's outside repositories build no SQL.
      {
        filename: at('modules/orders/orders.service.ts'),
        code: "import type { SQL } from 'drizzle-orm';\nimport { type AnyColumn } from 'drizzle-orm';",
      },
      // The files at the top of src/ compose everything.
      { filename: at('app.ts'), code: "import { resolveSession } from './modules/auth/auth.service.ts';" },
      { filename: at('app.ts'), code: "import { ShopSites } from './modules/storefront/shop-sites.ts';" },
      // Tests may reach across to build their scene, through the aliases.
      {
        filename: at('modules/orders/orders.routes.test.ts'),
        code: "import { recountDailyStats } from '#server/modules/orders/daily-stats.repository.ts';\nimport { createTestApp } from '#test/harness.ts';",
      },
      { filename: inTest('tenant-walk.test.ts'), code: "import { sql } from 'drizzle-orm';" },
      // Outside the server the rule says nothing.
      {
        filename: path.resolve(import.meta.dirname, '../bench/run.ts'),
        code: "import { x } from '../apps/server/src/db/embedded-postgres.ts';",
      },
    ],
    invalid: [
      {
        filename: at('modules/orders/orders.service.ts'),
        code: "import { x } from '../../lib/scope.ts';",
        errors: [{ messageId: 'relativeUp', data: { spec: '../../lib/scope.ts', alias: '#server/' } }],
      },
      {
        filename: inTest('fuzz/world.ts'),
        code: "import { x } from '../harness.ts';",
        errors: [{ messageId: 'relativeUp', data: { spec: '../harness.ts', alias: '#test/' } }],
      },
      {
        filename: at('plugins/access.ts'),
        code: "import { resolveSession } from '#server/modules/auth/auth.service.ts';",
        errors: [{ messageId: 'infrastructureImportsModule', data: { from: 'plugins', to: 'auth' } }],
      },
      {
        // A type is an import too: infrastructure names no module's types.
        filename: at('lib/scope.ts'),
        code: "import type { AuthContext } from '#server/modules/auth/auth.service.ts';",
        errors: [{ messageId: 'infrastructureImportsModule', data: { from: 'lib', to: 'auth' } }],
      },
      {
        filename: at('web-push/sender.ts'),
        code: "export { x } from '#server/modules/push/push.repository.ts';",
        errors: [{ messageId: 'infrastructureImportsModule', data: { from: 'web-push', to: 'push' } }],
      },
      {
        filename: at('modules/delivery/delivery.service.ts'),
        code: "import * as orders from '#server/modules/orders/orders.repository.ts';",
        errors: [
          {
            messageId: 'crossModule',
            data: { from: 'delivery', to: 'orders', file: 'orders.repository.ts' },
          },
        ],
      },
      {
        filename: at('modules/dispatch/dispatch.service.ts'),
        code: "import { csvField } from '#server/modules/orders/orders-export.ts';",
        errors: [{ messageId: 'crossModule' }],
      },
      {
        filename: at('modules/catalogue/catalogue.routes.ts'),
        code: "const m = import('#server/modules/stores/stores.routes.ts');",
        errors: [{ messageId: 'crossModule' }],
      },
      {
        filename: at('modules/health/health.routes.ts'),
        code: "import { pingDatabase } from './health.repository.ts';",
        errors: [{ messageId: 'routesImportRepository', data: { file: 'health.repository.ts' } }],
      },
      {
        filename: at('modules/orders/orders.repository.ts'),
        code: "import { getOrder } from './orders.service.ts';",
        errors: [{ messageId: 'repositoryImportsUpward', data: { file: 'orders.service.ts' } }],
      },
      {
        filename: at('modules/orders/orders.service.ts'),
        code: "import { ordersRoutes } from './orders.routes.ts';",
        errors: [{ messageId: 'serviceImportsRoutes', data: { file: 'orders.routes.ts' } }],
      },
      {
        filename: at('modules/orders/bill.service.ts'),
        code: "import { and, eq, type SQL } from 'drizzle-orm';",
        errors: [{ messageId: 'sqlOutsideRepository', data: { spec: 'drizzle-orm' } }],
      },
      {
        filename: at('modules/push/order-news.ts'),
        code: "import { orders } from '#server/db/schema.ts';",
        errors: [{ messageId: 'sqlOutsideRepository', data: { spec: '#server/db/schema.ts' } }],
      },
      {
        filename: at('plugins/access.ts'),
        code: "import { sql } from 'drizzle-orm';",
        errors: [{ messageId: 'sqlOutsideRepository' }],
      },
      {
        filename: at('app.ts'),
        code: "import { sql } from 'drizzle-orm';",
        errors: [{ messageId: 'sqlOutsideRepository' }],
      },
    ],
  },
);
