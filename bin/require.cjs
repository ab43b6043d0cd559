// `require('kdiag')`: the library is an ES module. Node >= 20.19 and >= 22.12 load it through require() as it
// is; an older Node gets one clear sentence instead of ERR_REQUIRE_ESM.
'use strict';
try {
  module.exports = require('../dist/lib/index.js');
} catch (err) {
  if (err && (err.code === 'ERR_REQUIRE_ESM' || err.code === 'ERR_REQUIRE_ASYNC_MODULE')) {
    throw new Error(`kdiag is an ES module and this Node.js (${process.version}) cannot require() it: use \`import { readDumps } from 'kdiag'\`, or \`await import('kdiag')\` from CommonJS (or Node >= 20.19)`);
  }
  throw err;
}
