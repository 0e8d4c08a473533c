// Mocha reporter: the usual spec output, plus the pass/fail counts written to the JSON file named
// by ALM_TEST_SUMMARY (when set), so that scripts/test-all.mjs can print one total for every stage.
'use strict';
const fs = require('node:fs');
const Mocha = require('mocha');

class SummaryReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const counts = { passed: 0, failed: 0, pending: 0 };
    runner.on(Mocha.Runner.constants.EVENT_TEST_PASS, () => counts.passed++);
    runner.on(Mocha.Runner.constants.EVENT_TEST_FAIL, () => counts.failed++);
    runner.on(Mocha.Runner.constants.EVENT_TEST_PENDING, () => counts.pending++);
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const file = process.env.ALM_TEST_SUMMARY;
      if (file) fs.writeFileSync(file, JSON.stringify(counts));
    });
  }
}
module.exports = SummaryReporter;
