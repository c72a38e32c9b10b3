import type { Customer, CustomerListQuery } from '@storedesk/shared/customers/schemas';
import type { ListResponse } from '@storedesk/shared/lists';
import type { Database } from '../../db/client.ts';
import { scopeOf } from '../../lib/scope.ts';
import type { AuthContext } from '../auth/auth.service.ts';
import * as repo from './customers.repository.ts';

export async function listCustomers(
  db: Database,
  auth: AuthContext,
  query: CustomerListQuery,
): Promise<ListResponse<Customer>> {
  return repo.findCustomers(db, scopeOf(auth), query);
}
