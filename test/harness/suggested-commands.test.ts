// How the live check of suggested commands (test/live/suggested-commands.test.ts) runs each command: a read as
// written, a change with --dry-run=server, edit as a get, never a command that needs the user's own words.
import { describe, expect, it } from 'vitest';
import { accepted, planCommand, shellWords, suggestedCommands } from './suggested-commands.js';

describe('planCommand', () => {
  const runs: Array<[string, string[], string]> = [
    ['kubectl logs crasher -n ns -c app --previous', ['logs', 'crasher', '-n', 'ns', '-c', 'app', '--previous'], 'as written'],
    ['kubectl get pods -A -o wide | grep -i csi', ['get', 'pods', '-A', '-o', 'wide'], 'as written'],
    [`kubectl get pod x -n ns -o jsonpath='{.spec.schedulingGates}'`, ['get', 'pod', 'x', '-n', 'ns', '-o', 'jsonpath={.spec.schedulingGates}'], 'as written'],
    ['kubectl get pod x -n ns -o yaml > pod.yaml', ['get', 'pod', 'x', '-n', 'ns', '-o', 'yaml'], 'as written'],
    ['kubectl rollout status deploy/web -n ns', ['rollout', 'status', 'deploy/web', '-n', 'ns'], 'as written'],
    ['kubectl rollout undo deploy/web -n ns', ['rollout', 'undo', 'deploy/web', '-n', 'ns', '--dry-run=server'], 'with --dry-run=server'],
    [`kubectl patch svc web -n ns --type=merge -p '{"spec":{"selector":{"app":"web"}}}'`, ['patch', 'svc', 'web', '-n', 'ns', '--type=merge', '-p', '{"spec":{"selector":{"app":"web"}}}', '--dry-run=server'], 'with --dry-run=server'],
    ['kubectl delete pod -n ns seccomp', ['delete', 'pod', '-n', 'ns', 'seccomp', '--dry-run=server'], 'with --dry-run=server'],
    ['kubectl create configmap c -n ns --from-literal=KEY=VALUE', ['create', 'configmap', 'c', '-n', 'ns', '--from-literal=KEY=VALUE', '--dry-run=server'], 'with --dry-run=server'],
    ['kubectl edit svc -n ns web', ['get', 'svc', '-n', 'ns', 'web', '-o', 'name'], 'as kubectl get of the object (edit cannot be dry-run)'],
    ['kubectl get pod -n ns p -w', ['get', 'pod', '-n', 'ns', 'p'], 'once, without --watch/--follow'],
    ['kubectl --context prod get pods -n ns', ['--context', 'prod', 'get', 'pods', '-n', 'ns'], 'as written'],
    ['kdiag pod web -n ns', ['pod', 'web', '-n', 'ns'], 'as written'],
  ];
  it.each(runs)('%s', (command, argv, how) => {
    expect(planCommand(command)).toMatchObject({ run: true, argv, how });
  });

  it('exec runs as written and takes the remote command failing (the probe) as kubectl doing its part', () => {
    const plan = planCommand('kubectl exec -n ns p -c app -- test -f /tmp/ready');
    expect(plan).toMatchObject({ run: true, exec: true, argv: ['exec', '-n', 'ns', 'p', '-c', 'app', '--', 'test', '-f', '/tmp/ready'] });
    expect(accepted({ tool: 'kubectl', exec: true }, 1, 'command terminated with exit code 1\n')).toBe(true);
    // near miss: kubectl's own refusal of an exec
    expect(accepted({ tool: 'kubectl', exec: true }, 1, 'error: unable to upgrade connection: container not found ("app")\n')).toBe(false);
    expect(accepted({ tool: 'kubectl', exec: false }, 1, 'command terminated with exit code 1\n')).toBe(false);
    // rollout status answers a rollout past its deadline by exit 1; any other error of it is a refusal (near miss)
    expect(accepted({ tool: 'kubectl', exec: false, argv: ['rollout', 'status', 'deploy/api', '-n', 'x'] }, 1, 'error: deployment "api" exceeded its progress deadline\n')).toBe(true);
    const drain = { tool: 'kubectl', exec: false, argv: ['drain', 'n1', '--ignore-daemonsets', '--delete-emptydir-data', '--dry-run=server'] };
    expect(accepted(drain, 1, 'error: unable to drain node "n1" due to error: cannot delete cannot delete Pods that declare no controller (use --force to override): ns/bare, continuing command...\n')).toBe(true);
    expect(accepted(drain, 1, 'Error from server (NotFound): nodes "n1" not found\n')).toBe(false);
    expect(accepted({ ...drain, argv: ['cordon', 'n1'] }, 1, 'error: unable to drain node "n1" due to error: cannot delete cannot delete Pods that declare no controller (use --force to override): ns/bare\n')).toBe(false);
    expect(accepted({ tool: 'kubectl', exec: false, argv: ['rollout', 'status', 'deploy/api', '-n', 'x'] }, 1, 'Error from server (NotFound): deployments.apps "api" not found\n')).toBe(false);
    expect(accepted({ tool: 'kubectl', exec: false, argv: ['rollout', 'undo', 'deploy/api', '-n', 'x'] }, 1, 'error: deployment "api" exceeded its progress deadline\n')).toBe(false);
    // A container restarted by its probe while the check ran: the kubelet's answer, not a refusal of the command.
    expect(accepted({ tool: 'kubectl', exec: true }, 1, 'error: Internal error occurred: unable to upgrade connection: container not found ("app")\n')).toBe(true);
    // A moment later in that race, the container stopped and not yet restarted (the runtime's words on the test cluster).
    const stopped = 'error: Internal error occurred: Internal error occurred: error executing command in container: failed to exec in container: failed to start exec "7d6398de": OCI runtime exec failed: exec failed: cannot exec in a stopped container: unknown\n';
    expect(accepted({ tool: 'kubectl', exec: true }, 1, stopped)).toBe(true);
    expect(accepted({ tool: 'kubectl', exec: false }, 1, stopped)).toBe(false);
    // Between the two: the probe's kill reached the container while the exec's process was starting (seen on CI).
    const starting = 'error: Internal error occurred: Internal error occurred: error executing command in container: failed to exec in container: failed to start exec "db5235a2": OCI runtime exec failed: exec failed: unable to start container process: read init-p: connection reset by peer: unknown\n';
    expect(accepted({ tool: 'kubectl', exec: true }, 1, starting)).toBe(true);
    expect(accepted({ tool: 'kubectl', exec: false }, 1, starting)).toBe(false);
    expect(accepted({ tool: 'kubectl', exec: true }, 1, 'error: Internal error occurred: error executing command in container: failed to exec in container: failed to start exec "7d6398de": OCI runtime exec failed: exec failed: unable to start container process: exec: "cat": executable file not found in $PATH: unknown\n')).toBe(false);
    // Near misses: a container name the Pod does not have (kubectl's own refusal), and the same words without exec.
    expect(accepted({ tool: 'kubectl', exec: true }, 1, 'Error from server (BadRequest): container wrong is not valid for pod slow-start\n')).toBe(false);
    expect(accepted({ tool: 'kubectl', exec: false }, 1, 'error: Internal error occurred: unable to upgrade connection: container not found ("app")\n')).toBe(false);
  });

  it('kubectl top is not run where the cluster serves no Metrics API (near miss: where it does)', () => {
    expect(planCommand('kubectl top pod -n ns p --containers', { metricsApi: false })).toMatchObject({ run: false, why: expect.stringMatching(/Metrics API/) });
    expect(planCommand('kubectl top pod -n ns p --containers', { metricsApi: true })).toMatchObject({ run: true, argv: ['top', 'pod', '-n', 'ns', 'p', '--containers'] });
  });

  it('a here-string is the command\'s stdin', () => {
    expect(planCommand("kubectl apply -f - <<<'\nkind: NetworkPolicy\n'")).toMatchObject({ run: true, argv: ['apply', '-f', '-', '--dry-run=server'], stdin: '\nkind: NetworkPolicy\n' });
  });

  const notRun: Array<[string, RegExp]> = [
    ['kubectl set image -n ns <workload> app=<image:tag>', /placeholder/],
    ['kubectl exec -n ns hook -c app -- <hook command>', /placeholder/],
    ['kubectl label node NODE disktype=ssd', /placeholder/],
    ['kubectl create job ..', /placeholder/],
    ['kubectl create secret tls t -n ns --cert=tls.crt --key=tls.key', /file the user holds/],
    ['kubectl replace --force -f pod.yaml', /file the user holds/],
    ['crictl pull 127.0.0.1:5000/busybox:1', /on the node/],
    ['journalctl -u kubelet | grep uid', /on the node/],
    ['curl -v http://127.0.0.1:5999/v2/', /on the node or a workstation/],
    ["docker run --rm --entrypoint sh 127.0.0.1:5000/busybox:1 -c 'command -v /usr/local/bin/server'", /on the node or a workstation/],
    ['openssl s_client -connect 127.0.0.1:5443 -servername 127.0.0.1 </dev/null', /on the node or a workstation/],
  ];
  it.each(notRun)('not run: %s', (command, why) => {
    const plan = planCommand(command);
    expect(plan.run).toBe(false);
    expect(plan.run ? '' : plan.why).toMatch(why);
  });
});

describe('suggestedCommands', () => {
  it('finds the commands in where-to-look, fix steps and the way back, each once, never in evidence', () => {
    const report = {
      stageOwner: { commands: ['kubectl describe pod p -n ns'] },
      findings: [
        { evidence: [{ text: 'kubectl get pods said nothing' }], remediation: ['See the events: kubectl describe pod p -n ns', 'Check both: kubectl get pods -n ns; kubectl get svc -n ns (then fix it)'] },
      ],
      change: { undo: 'kubectl rollout undo deploy/web -n ns' },
    };
    expect(suggestedCommands(report)).toEqual(['kubectl describe pod p -n ns', 'kubectl get pods -n ns', 'kubectl get svc -n ns', 'kubectl rollout undo deploy/web -n ns']);
  });
});

describe('shellWords', () => {
  it('reads quotes as a shell does and stops at a pipe', () => {
    expect(shellWords(`kubectl get x -o jsonpath='{.a}'"b\\"c" | grep y`)).toEqual({ words: ['kubectl', 'get', 'x', '-o', 'jsonpath={.a}b"c'] });
  });
});
