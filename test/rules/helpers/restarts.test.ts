import { describe, expect, it } from 'vitest';
import { enShared } from '../../../src/rules/messages/en-shared.js';
import { exitRef, missingCommand, parseBackOff, unexecutableFile, waitingCause } from '../../../src/rules/helpers/restarts.js';

const RUNC = (d: string) => `failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: ${d}: unknown`;

describe('parseBackOff', () => {
  it('reads the CrashLoopBackOff waiting message', () => {
    expect(parseBackOff('back-off 5m0s restarting failed container=app pod=web-7d4b_default(1234)')).toEqual({ delay: '5m0s', ms: 300_000 });
    expect(parseBackOff('back-off 1m20s restarting failed container=app pod=x')).toEqual({ delay: '1m20s', ms: 80_000 });
    expect(parseBackOff('Back-off pulling image "x"')).toBeUndefined();
  });
});

describe('waitingCause', () => {
  it.each([
    ['RunContainerError', RUNC('exec: "gunicorn": executable file not found in $PATH'), 'command-not-found'],
    ['RunContainerError', RUNC('error during container init: exec: "/app/server": stat /app/server: no such file or directory'), 'command-not-found'],
    ['RunContainerError', RUNC('exec: "/app/run.sh": permission denied'), 'not-executable'],
    ['RunContainerError', RUNC('error during container init: error mounting "/a" to rootfs at "/b": not a directory'), 'start-error'],
    ['CreateContainerError', 'failed to reserve container name "a": name "a" is reserved for "b"', 'create-error'],
    ['PostStartHookError', 'Exec lifecycle hook ([x]) for Container "app" in Pod "p" failed - error: command \'x\' exited with 126: , message: "Permission denied"', 'post-start-hook'],
  ])('%s %s → %s', (reason, message, cause) => {
    expect(waitingCause(reason, message)).toBe(cause);
  });
});

describe('missingCommand and unexecutableFile', () => {
  it('name the file from runc and shell texts', () => {
    expect(missingCommand(RUNC('exec: "gunicorn": executable file not found in $PATH'))).toBe('gunicorn');
    expect(missingCommand('exec: "/app/server": stat /app/server: no such file or directory')).toBe('/app/server');
    expect(missingCommand('/bin/sh: 1: migrate-db: not found')).toBe('migrate-db');
    expect(missingCommand('bash: line 1: start-app: command not found')).toBe('start-app');
    expect(unexecutableFile('exec /app/server: exec format error')).toBe('/app/server');
    expect(unexecutableFile(RUNC('exec: "/app/run.sh": permission denied'))).toBe('/app/run.sh');
  });
});

describe('exitRef, worded in English', () => {
  const describeExit = (term: Parameters<typeof exitRef>[0]) => enShared.exit(exitRef(term));
  it('explains codes and OOM', () => {
    expect(describeExit({ exitCode: 137, reason: 'OOMKilled' })).toBe('was OOMKilled (exit code 137)');
    expect(describeExit({ exitCode: 143, reason: 'Error' })).toMatch(/SIGTERM/);
    expect(describeExit({ exitCode: 134, reason: 'Error' })).toMatch(/SIGABRT/);
    expect(describeExit(undefined)).toMatch(/not recorded/);
  });
});
