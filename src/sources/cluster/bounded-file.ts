import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

/** Certificates, keys and tokens are kilobytes; a CA bundle a few hundred. Anything past this is not one. */
export const MAX_CREDENTIAL_FILE_BYTES = 4 * 2 ** 20;

/** Why a file a kubeconfig names was refused, in words for the error line. */
export class FileRefused extends Error {}

/**
 * Reads a file a kubeconfig names (tokenFile, certificate-authority, client-certificate, client-key): a
 * regular file (symlinks followed, as projected volumes need) of at most `max` bytes. Opened non-blocking
 * and checked on the open descriptor, so a named pipe, /dev/zero or /dev/urandom is refused at once,
 * never read or waited on. Errors from the file system are thrown as they come (their code is reported).
 */
export function readBoundedFile(path: string, max = MAX_CREDENTIAL_FILE_BYTES): Buffer {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new FileRefused('not a regular file');
    if (stat.size > max) throw new FileRefused(`${Math.ceil(stat.size / 2 ** 20)} MiB, more than ${max / 2 ** 20} MiB`);
    // Read at most max + 1 bytes: a file that grows while read is still bounded.
    const buf = Buffer.alloc(Math.min(stat.size, max) + 1);
    let got = 0;
    for (let n; got < buf.length && (n = readSync(fd, buf, got, buf.length - got, null)) > 0; ) got += n;
    if (got > max) throw new FileRefused(`more than ${max / 2 ** 20} MiB`);
    return buf.subarray(0, got);
  } finally {
    closeSync(fd);
  }
}
