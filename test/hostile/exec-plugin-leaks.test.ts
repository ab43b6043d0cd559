// An exec credential plugin that fails says why on stderr, and that line often carries the credential it
// was handling: kdiag prints the reason with anything secret-looking masked.
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, closeAll, serve, tmp } from './server.js';
import { expectOneLine, kdiagAsync } from '../support/cli.js';

afterEach(closeAll);

function plugin(name: string, body: string): string {
  const file = join(tmp, name);
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}
const execUser = (command: string): string => `exec:\n  apiVersion: client.authentication.k8s.io/v1beta1\n  command: ${command}\n  interactiveMode: Never`;

describe('exec credential plugin stderr', () => {
  const lines: Array<[string, string]> = [
    ['token then a space', 'refresh failed: token s3cr3tT0kenValue expired'],
    ['a long opaque string', 'login rejected for ya29.a0AfH6SMBx3kq9Zr7TQpLmN2vWc8'],
    ['password with a space', 'vault said: password hunter2hunter2 is wrong'],
  ];
  for (const [name, line] of lines) {
    it(`${name}: the reason is printed, the secret masked`, async () => {
      const cmd = plugin(`leak-${Date.now()}-${Math.random().toString(36).slice(2)}.sh`, `echo '${line}' >&2\nexit 1`);
      const s = await serve(answer, { user: execUser(cmd) });
      const r = await kdiagAsync(['pod', 'web'], { env: { KUBECONFIG: s.kubeconfig } });
      expectOneLine(r, 3, /exec credential plugin .* failed \(exit 1\): /);
      for (const secret of ['s3cr3tT0kenValue', 'ya29.a0AfH6SMBx3kq9Zr7TQpLmN2vWc8', 'hunter2hunter2']) expect(r.stderr).not.toContain(secret);
      expect(r.stderr).toContain(line.split(' ')[0]);
    });
  }
});
