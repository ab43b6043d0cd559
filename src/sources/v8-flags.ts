// V8 flags set while kdiag runs (the heap's growth in a live scan, the collector on the over-budget path).
// V8 keys a code cache to its flags, and bin/kdiag.js writes the cache at exit: data made under a changed
// flag is refused by every later run (which then compiles the CLI anew and writes it again). So each change
// leaves, under a process-wide symbol the launcher reads, the flag that undoes it, or false where none does
// (then the run writes no cache).

const FLAGS_CHANGED = Symbol.for('kdiag.v8-flags-changed');
type Restore = string[] | false;
const slot = globalThis as unknown as Record<symbol, Restore | undefined>;

/** Sets `flag` now; `undo` is the flag that sets V8's default back (undefined: nothing does). */
export function setV8Flag(flag: string, undo: string | undefined): void {
  // node:v8 on first use (loading it costs 2 ms of a short run).
  process.getBuiltinModule('node:v8').setFlagsFromString(flag);
  const restore = slot[FLAGS_CHANGED];
  slot[FLAGS_CHANGED] = undo === undefined || restore === false ? false : [...(restore ?? []), undo];
}
