import rule from '../../../src/rules/container/command-not-found.js';
import { conditions, containerStatus, event, pod } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { crashLooping, spec, terminated } from './crashing.js';

const RUNC = (detail: string) => `failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: ${detail}: unknown`;
const NOT_IN_PATH = RUNC('exec: "gunicorn": executable file not found in $PATH');
const NO_FILE = RUNC('exec: "/app/server": stat /app/server: no such file or directory');

function runErr(message: string) {
  return pod({ spec: spec({ command: ['gunicorn', 'app:app'] }), status: { phase: 'Running', conditions: conditions({ sandbox: true, ready: false }), containerStatuses: [containerStatus({ waiting: { reason: 'RunContainerError', message } })] } });
}
const first = runErr(NOT_IN_PATH);

runRuleTests(rule, {
  valid: [
    { name: 'exit 1 whose message says a config file was not found', objects: [crashLooping(terminated(1, 'Error', -130, -100, 'error: config file /etc/app.yaml: not found'))] },
    { name: 'permission denied is container/not-executable', objects: [runErr(RUNC('exec: "/app/run.sh": permission denied'))] },
    { name: 'a mount error is container/run-container-error', objects: [runErr(RUNC('error during container init: error mounting "/x" to rootfs at "/etc/app.yaml": not a directory'))] },
  ],
  invalid: [
    {
      name: 'RunContainerError: executable file not found in $PATH',
      objects: [first, event(first, { reason: 'Failed', message: `Error: ${NOT_IN_PATH}`, fieldPath: 'spec.containers{app}' })],
      expect: [{ severity: 'error', confidence: 'high', message: /"gunicorn" does not exist in image/, evidence: 'RunContainerError', remediation: "command -v gunicorn" }],
    },
    { name: 'crash loop after StartError 128 (absolute path)', objects: [crashLooping(terminated(128, 'StartError', -100, -100, NO_FILE))], expect: [{ message: /"\/app\/server" does not exist.*restarted 5 times/ }] },
    { name: 'exit 127 with the shell message (FallbackToLogsOnError)', objects: [crashLooping(terminated(127, 'Error', -130, -100, '/bin/sh: 1: migrate-db: not found'))], expect: [{ message: '"migrate-db" does not exist' }] },
    { name: 'exit 127 and no message: medium confidence', objects: [crashLooping(terminated(127, 'Error'), { spec: spec({ command: ['sh', '-c', 'start-app --port 8080'] }) })], expect: [{ confidence: 'medium', message: /code 127.*start-app --port 8080/ }] },
  ],
});
