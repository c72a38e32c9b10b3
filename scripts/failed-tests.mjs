// Names the failed tests of vitest JSON reports, each with the start of its failure, so that the
// last lines of a long CI log say what failed even when another suite's output came after it.
// Usage: node scripts/failed-tests.mjs <report.json>...
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const linesKept = 25;
let failed = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.log(`${file}: no report (the suite ended before writing one)`);
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  for (const suite of report.testResults ?? []) {
    const tests = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
    if (tests.length === 0 && suite.status === 'failed') {
      // A file that failed outside any test: its setup, its import or a hook.
      failed += 1;
      console.log(`\n✗ ${relative(process.cwd(), suite.name)}: ${firstLines(suite.message ?? '')}`);
    }
    for (const test of tests) {
      failed += 1;
      console.log(`\n✗ ${relative(process.cwd(), suite.name)} > ${test.fullName}`);
      for (const message of test.failureMessages ?? []) console.log(firstLines(message));
    }
  }
}
console.log(failed === 0 ? 'no failed test in these reports' : `\n${failed} failed`);

function firstLines(text) {
  const lines = text.split('\n');
  const kept = lines.slice(0, linesKept).join('\n');
  return lines.length > linesKept ? `${kept}\n  … (${lines.length - linesKept} more lines)` : kept;
}
