import pg from 'pg';

/**
 * The statements `run` sends to PostgreSQL, by the driver's count, in the order sent: every
 * client's (the patch is on the driver's client class), so run nothing else meanwhile.
 */
export async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text: string };
    sent.push(typeof first === 'string' ? first : first.text);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = query;
  }
  return sent;
}
