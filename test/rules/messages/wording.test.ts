// Wording that a person reads as careless: plurals ("2 replicas on 1 nodes"), and exit codes glossed with a
// guess ("misuse of a shell builtin" for a Go panic). Exit codes are explained by what the container runs
// where that is known, else said as "exit code N".
import { describe, expect, it } from 'vitest';
import { exitRef, runsKind } from '../../../src/rules/helpers/restarts.js';
import { enShared } from '../../../src/rules/messages/en-shared.js';
import { enScheduling } from '../../../src/rules/messages/scheduling.js';
import { zhTWShared } from '../../../src/i18n/rule-messages/zh-TW/shared.js';

const term = (exitCode: number, reason = 'Error', message?: string) => ({ exitCode, reason, ...(message ? { message } : {}) });
const say = (t: ReturnType<typeof term>, command?: string[]) => enShared.exit(exitRef(t as never, command ? { command } : {}));

// A Go program's unrecovered panic as the Go runtime prints it (src/runtime/panic.go: printpanics, then the goroutine trace).
const GO_PANIC = 'panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x4a1b2c]\n\ngoroutine 1 [running]:\nmain.main()\n\t/app/main.go:12 +0x1c';

describe('exit codes: explained where known, else "exit code N"', () => {
  const rows: Array<[string, string, RegExp | string]> = [
    ['exit 2 of a Go panic (its termination message): a Go panic, not a shell', say(term(2, 'Error', GO_PANIC), ['/app/server']), 'exited with code 2 (an unrecovered Go panic)'],
    ['exit 2 of `sh -c …`: the shell\'s code', say(term(2), ['/bin/sh', '-c', 'exit 2']), /exited with code 2 \(the shell's code/],
    ['near miss: exit 2 of a program (no panic in its message): no gloss', say(term(2), ['/app/server']), 'exited with code 2'],
    ['near miss: exit 2, entrypoint from the image (unknown): no gloss', say(term(2)), 'exited with code 2'],
    ['exit 1: the program\'s own, no "generic application error"', say(term(1)), 'exited with code 1'],
    ['exit 127 under a shell: command not found', say(term(127), ['bash', '-c', 'serve']), /command not found/],
    ['near miss: exit 127 of a known program: its own code', say(term(127), ['/app/server']), 'exited with code 127'],
    ['exit 128 with reason StartError: never started', say(term(128, 'StartError')), /never started \(containerd StartError\)/],
    ['near miss: exit 128 with reason Error (git\'s fatal exit): no gloss', say(term(128), ['git', 'clone', 'x']), 'exited with code 128'],
    ['exit 137: SIGKILL, whatever runs', say(term(137), ['/app/server']), /killed by SIGKILL/],
    ['exit 255 with reason Unknown: the status was lost', say(term(255, 'Unknown')), /exit status lost/],
    ['near miss: exit 255 of a program: its own code', say(term(255), ['/app/server']), 'exited with code 255'],
  ];
  for (const [name, got, want] of rows) it(name, () => (typeof want === 'string' ? expect(got).toBe(want) : expect(got).toMatch(want)));

  it('zh-TW says the same: a Go panic named, a plain code plain', () => {
    expect(zhTWShared.exit(exitRef(term(2, 'Error', GO_PANIC) as never, { command: ['/app/server'] }))).toBe('以結束代碼 2 結束（未被 recover 的 Go panic）');
    expect(zhTWShared.exit(exitRef(term(1) as never))).toBe('以結束代碼 1 結束');
  });

  it('what a container runs, by its command', () => {
    expect([runsKind({ command: ['/bin/sh', '-c', 'x'] }), runsKind({ command: ['busybox', 'sh'] }), runsKind({ command: ['/app/server'] }), runsKind({ args: ['--port=80'] })]).toEqual(['shell', 'shell', 'program', undefined]);
  });
});

describe('plurals', () => {
  it('hostPort surplus: "2 replicas on 1 node"', () => {
    const text = enScheduling.hostPortConflict.message({ ports: [{ port: 80, protocol: 'TCP', container: 'web' }], nodes: '1 node', holders: [], surplus: { replicas: 2, nodes: 1 }, tail: '' });
    expect(text).toContain('wants 2 replicas on 1 node,');
    expect(text).not.toMatch(/\b1 nodes\b/);
  });
  it('near miss: 3 replicas on 2 nodes stays plural', () => {
    expect(enScheduling.hostPortConflict.message({ ports: [], nodes: '2 nodes', holders: [], surplus: { replicas: 3, nodes: 2 }, tail: '' })).toContain('wants 3 replicas on 2 nodes,');
  });
});
