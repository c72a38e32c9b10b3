/**
 * Starts the real server as `npm start` does (the compiled server, serving the
 * built console) on a fresh data directory with the embedded PostgreSQL.
 */
import { startServerProcess, type ServerProcess } from '../../apps/server/test/server-process.ts';

export type RunningServer = ServerProcess;

export function startServer(
  env: Record<string, string> = {},
  hostName: '127.0.0.1' | 'localhost' = '127.0.0.1',
): Promise<RunningServer> {
  return startServerProcess('build', env, hostName);
}
