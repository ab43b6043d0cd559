// Files a kubeconfig names (tokenFile, certificate-authority, client-certificate, client-key): regular files
// of bounded size only. /dev/zero grew to gigabytes, /dev/urandom and a named pipe hung: each is one line
// and exit 3 at once, and the server is never asked.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, closeAll, kubeconfigFor, serve, tmp } from './server.js';
import { expectOneLine, kdiagAsync } from '../support/cli.js';

afterEach(closeAll);

const fifo = join(tmp, 'token-fifo');
execFileSync('mkfifo', [fifo]);
const big = join(tmp, 'big-token');
writeFileSync(big, Buffer.alloc(5 * 2 ** 20, 0x61));

describe('files a kubeconfig names', () => {
  const cases: Array<[string, (server: string) => string, RegExp]> = [
    ['tokenFile: /dev/zero', (s) => kubeconfigFor(s, 'tokenFile: /dev/zero'), /tokenFile "\/dev\/zero" .*\(not a regular file\)/],
    ['tokenFile: /dev/urandom', (s) => kubeconfigFor(s, 'tokenFile: /dev/urandom'), /tokenFile "\/dev\/urandom" .*\(not a regular file\)/],
    ['tokenFile on a named pipe', (s) => kubeconfigFor(s, `tokenFile: ${fifo}`), /tokenFile ".*token-fifo" .*\(not a regular file\)/],
    ['tokenFile of 5 MiB', (s) => kubeconfigFor(s, `tokenFile: ${big}`), /tokenFile ".*big-token" .*\(5 MiB, more than 4 MiB\)/],
    ['certificate-authority: /dev/zero', (s) => kubeconfigFor(s, 'token: t', '    certificate-authority: /dev/zero\n'), /certificate-authority file "\/dev\/zero" .*\(not a regular file\)/],
    ['client-certificate and client-key on /dev/zero', (s) => kubeconfigFor(s, 'client-certificate: /dev/zero\nclient-key: /dev/zero'), /client-(certificate|key) file "\/dev\/zero" .*\(not a regular file\)/],
  ];
  for (const [name, kubeconfig, message] of cases) {
    it(`${name}: one line, exit 3, nothing sent`, async () => {
      const s = await serve(answer, { tls: true });
      const r = await kdiagAsync(['pod', 'web'], { env: { KUBECONFIG: kubeconfig(s.url) }, timeoutMs: 10_000 });
      expectOneLine(r, 3, message);
      expect(s.requests()).toBe(0);
    });
  }
});
