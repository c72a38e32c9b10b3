/**
 * An idle Node.js process that measures its own event-loop delay as the
 * server's metrics do (monitorEventLoopDelay at its default 10 ms resolution,
 * reset at each reading): what the machine alone does to a loop that has
 * nothing to do, beside the server's figures. Each `read()` answers the p99
 * and max since the last one, in ms.
 */
import { spawn } from 'node:child_process';
import readline from 'node:readline';

const script = `
const { monitorEventLoopDelay } = require('node:perf_hooks');
const histogram = monitorEventLoopDelay();
histogram.enable();
require('node:readline').createInterface({ input: process.stdin }).on('line', () => {
  process.stdout.write(JSON.stringify({ p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6 }) + '\\n');
  histogram.reset();
});
`;

export function startIdleProbe() {
  const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout });
  const waiting: Array<(line: string) => void> = [];
  lines.on('line', (line) => waiting.shift()?.(line));
  return {
    read: () =>
      new Promise<{ p99: number; max: number }>((resolve) => {
        waiting.push((line) => resolve(JSON.parse(line) as { p99: number; max: number }));
        child.stdin.write('\n');
      }),
    stop: () => child.kill(),
  };
}
