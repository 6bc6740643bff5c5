'use strict';
// Runs a script's async `main` and exits with the code it returns. A crash
// prints its stack and counts as one failure, so the closing
// "N passed, M failed" line that run.sh reads is always there.
module.exports = function runMain(main) {
  main().then(
    (code) => process.exit(code),
    (e) => {
      console.error(e.stack || String(e));
      console.log('0 passed, 1 failed');
      process.exit(2);
    },
  );
};
