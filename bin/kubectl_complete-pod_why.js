#!/usr/bin/env node
// kubectl runs this for `kubectl pod-why <TAB>`: the same completions as `kdiag __complete`, in cobra's format.
process.argv.splice(2, 0, '__complete');
require('./kdiag.js');
