import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/cluster/**', 'test/live/**', 'node_modules/**'],
    testTimeout: 20_000,
    pool: 'forks',
    // vitest's default is one worker fewer than the cores: one on a 2-core machine, the other core idle but
    // for the children tests spawn. Two more than the cores: a fifth of the suite's time is spent waiting on
    // the clock (hostile servers that pace their answers, deadlines, back-offs), and the extra workers run
    // other files meanwhile (on 2 cores, 4 workers took 168 s against 233 s for 2; CONTRIBUTING has the
    // figures). As many idle workers kept as started: with isolate off, tinypool's ending of an idle worker
    // fails the run ("Terminating worker thread").
    maxWorkers: availableParallelism() + 2,
    minWorkers: availableParallelism() + 2,
    // A fresh process per test file cost more than most files' tests (vitest's start, transforms, the zh-TW
    // catalogues): a worker runs file after file in one process, its modules loaded once. Tests therefore
    // leave no global state behind (no process.env or process.cwd changes, no fake timers left on).
    isolate: false,
    setupFiles: ['test/setup/languages.ts'],
    // Under CI=true a skipped test fails the run unless test/skips.json lists it with its reason.
    reporters: ['default', './test/setup/skips-reporter.ts'],
  },
});
