// Preloaded with `node -r` before the built bin: at exit, writes the names of the Node modules and bindings the
// run loaded (process.moduleLoadList), one a line, to $KDIAG_BUILTINS.
process.on('exit', () => require('node:fs').writeFileSync(process.env.KDIAG_BUILTINS, process.moduleLoadList.join('\n')));
