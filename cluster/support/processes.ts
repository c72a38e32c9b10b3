/**
 * The pieces of a deployment beyond one machine, each a real process on
 * 127.0.0.1: Redis (Debian's redis-server) and HAProxy (Debian's haproxy).
 * Every wait has a time limit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/server/src/lib/free-port.ts';

export { freePort };

async function waitForPort(port: number, child: ChildProcess, output: () => string, what: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited early:\n${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`${what} did not listen on ${port} within 20 s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export type Running = { port: number; stop: () => Promise<void> };

function spawnService(command: string, args: string[]) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const missing = new Promise<never>((_, reject) =>
    child.once('error', (error) =>
      reject(
        new Error(
          `${command} could not be started (${error.message}); on Debian: apt-get install ${command}`,
        ),
      ),
    ),
  );
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  return { child, output: () => output, missing, stop };
}

/** A Redis of its own, keeping nothing on disk. */
export async function startRedis(): Promise<Running> {
  const port = await freePort();
  const redis = spawnService('redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  await Promise.race([waitForPort(port, redis.child, redis.output, 'redis-server'), redis.missing]);
  return { port, stop: redis.stop };
}

/** HAProxy in the foreground with the configuration given. */
export async function startHaproxy(config: string, ports: number[]): Promise<{ stop: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storedesk-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(file, config);
  const haproxy = spawnService('haproxy', ['-db', '-f', file]);
  for (const port of ports)
    await Promise.race([waitForPort(port, haproxy.child, haproxy.output, 'haproxy'), haproxy.missing]);
  return {
    stop: async () => {
      await haproxy.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
