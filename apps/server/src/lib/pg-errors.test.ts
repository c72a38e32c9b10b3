import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isDataException, isUniqueViolation, raisedDetail } from './pg-errors.ts';

const pgError = (code: string, constraint?: string) => Object.assign(new Error('pg'), { code, constraint });
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query'), { cause });

describe('PostgreSQL error classification', () => {
  it('finds a unique violation of the named constraint, also when wrapped by the ORM', () => {
    expect(isUniqueViolation(pgError('23505', 'users_email_idx'), 'users_email_idx')).toBe(true);
    expect(isUniqueViolation(wrapped(pgError('23505', 'users_email_idx')), 'users_email_idx')).toBe(true);
    expect(isUniqueViolation(pgError('23505', 'other_idx'), 'users_email_idx')).toBe(false);
    expect(isUniqueViolation(pgError('23503', 'users_email_idx'), 'users_email_idx')).toBe(false);
  });

  it('reads the detail of a routine of ours that raised its own SQLSTATE, also when wrapped', () => {
    const raised = Object.assign(pgError('SD409'), { detail: '[{"id":"v"}]' });
    expect(raisedDetail(wrapped(raised), 'SD409')).toBe('[{"id":"v"}]');
    expect(raisedDetail(wrapped(raised), 'SD410')).toBeNull();
    expect(raisedDetail(wrapped(pgError('SD409')), 'SD409')).toBeNull();
    expect(raisedDetail(new Error('no code'), 'SD409')).toBeNull();
  });

  it('treats class 22 (values PostgreSQL refuses) as the client input, and nothing else', () => {
    for (const code of ['22003', '22021', '22P02', '22007']) {
      expect(isDataException(wrapped(pgError(code))), code).toBe(true);
    }
    for (const code of ['23505', '40001', '57P01', '08006']) {
      expect(isDataException(wrapped(pgError(code))), code).toBe(false);
    }
    expect(isDataException(new Error('no code'))).toBe(false);
    expect(isDataException(Object.assign(new Error('x'), { code: 22003 }))).toBe(false);
  });

  it('tells a database that cannot be reached, went away or ended a deadlock, from one that refused a query', () => {
    const refused = Object.assign(new AggregateError([], 'connect ECONNREFUSED 127.0.0.1:1'), {
      code: 'ECONNREFUSED',
    });
    expect(isDatabaseUnavailable(wrapped(refused))).toBe(true);
    for (const code of ['08006', '08001', '57P01', '57P03', '53300', '25006', '40P01', 'ETIMEDOUT']) {
      expect(isDatabaseUnavailable(wrapped(pgError(code))), code).toBe(true);
    }
    expect(isDatabaseUnavailable(wrapped(new Error('timeout exceeded when trying to connect')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(
      isDatabaseUnavailable(
        wrapped(new Error('Client has encountered a connection error and is not queryable')),
      ),
    ).toBe(true);
    for (const code of ['23505', '22003', '40001', '28P01', '42P01']) {
      expect(isDatabaseUnavailable(wrapped(pgError(code))), code).toBe(false);
    }
    // A standby's cancellation of a read in the way of its replay; not a serialization failure.
    const cancelled = Object.assign(pgError('40001'), {
      message: 'canceling statement due to conflict with recovery',
    });
    expect(isDatabaseUnavailable(wrapped(cancelled))).toBe(true);
    expect(isDatabaseUnavailable(new Error('no code'))).toBe(false);
  });
});
