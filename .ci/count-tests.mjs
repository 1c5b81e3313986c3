// Sums vitest's and Playwright's JSON reports into one closing line: "tests: N passed, N failed".
// A missing report (the runner crashed) and each failed type-check stage count as one failure.
import { existsSync, readFileSync } from 'node:fs';

const [vitestPath, playwrightPath, typecheckFailures] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;

if (existsSync(vitestPath)) {
  const v = JSON.parse(readFileSync(vitestPath, 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
} else failed += 1;

if (existsSync(playwrightPath)) {
  const s = JSON.parse(readFileSync(playwrightPath, 'utf8')).stats;
  passed += s.expected + s.flaky;
  failed += s.unexpected;
  skipped += s.skipped;
} else failed += 1;

// Type-check stages have no report: each failed one counts as one failure.
failed += Number(typecheckFailures);
console.log('');
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
