// The image stage's "where to look" names the image the Pod waits on, so `crictl pull` can be pasted as is.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/diagnose.js';
import { stageCommands, troubledContainer, waitingImage } from '../../src/engine/stage-owner.js';
import type { ContainerFacts } from '../../src/model/containers.js';
import { readDumps } from '../../src/sources/dump.js';
import { ROOT } from '../support/cli.js';

/** The diagnoses of a real fixture's Pods. */
function diagnosed(name: string) {
  const engine = new Engine(readDumps([resolve(ROOT, `fixtures/real/${name}.yaml`)]).snapshot);
  return engine.snapshot.pods.map((p) => engine.diagnosePod(p));
}

const container = (over: Partial<ContainerFacts> & { image?: string }): ContainerFacts => ({
  name: over.name ?? 'app', kind: over.kind ?? 'app', spec: { name: over.name ?? 'app', image: over.image }, statusPath: 'status.containerStatuses[name=app]', restartCount: 0, ready: false, ...over,
});

describe('stage owner commands', () => {
  it.each([
    ['image-not-found', 'crictl pull 127.0.0.1:5000/busybox:does-not-exist'],
    ['image-invalid-name', 'crictl pull 127.0.0.1:5000/BusyBox:1'],
    ['image-tls-untrusted', 'crictl pull 127.0.0.1:5443/busybox:1'],
  ])('%s: the image stage pulls the image the Pod waits on', (name, command) => {
    const [d] = diagnosed(name).filter((x) => x.status === 'failing');
    expect(d?.stage).toBe('image');
    expect(d?.stageOwner?.commands).toContain(command);
  });

  it('the container waiting on a pull wins over an earlier one not started', () => {
    const init = container({ name: 'setup', kind: 'init', image: 'busybox:1' });
    const app = container({ name: 'app', image: 'registry.example/app@sha256:abc', waiting: { reason: 'ImagePullBackOff', message: '' } });
    expect(waitingImage([init, app])).toBe('registry.example/app@sha256:abc');
    // Near miss: no container waits on a pull, so the first one not started is named.
    expect(waitingImage([init, container({ name: 'app', image: 'app:2', waiting: { reason: 'PodInitializing', message: '' } })])).toBe('busybox:1');
    expect(waitingImage([container({ image: 'app:2', running: {} })])).toBeUndefined();
  });

  it('an image with shell characters is quoted; an unknown one stays a placeholder', () => {
    const subject = { namespace: 'shop', name: 'api', node: 'n1' };
    expect(stageCommands('image', { ...subject, image: "evil;rm -rf '/'" })[1]).toBe(`crictl pull 'evil;rm -rf '\\''/'\\'''`);
    expect(stageCommands('image', subject)[1]).toBe('crictl pull IMAGE');
  });

  it('a workload or a Service is described itself, and its Pods are reached by name or label', () => {
    const at = (kind: string) => ({ namespace: 'shop', name: 'web', node: null, kind });
    expect(stageCommands('container', at('Deployment'))).toEqual(['kubectl logs deploy/web -n shop', 'kubectl describe deployment web -n shop']);
    expect(stageCommands('container', at('StatefulSet'))[0]).toBe('kubectl logs sts/web -n shop');
    // Near miss: kubectl logs cannot resolve a CronJob to a Pod, so no KIND/NAME shortcut is made up.
    expect(stageCommands('container', at('CronJob'))).toEqual(['kubectl describe cronjob web -n shop', 'kubectl logs POD --previous']);
    expect(stageCommands('readiness', at('Service'))).toEqual(['kubectl describe service web -n shop', 'kubectl get endpointslices -n shop -l kubernetes.io/service-name=web']);
    expect(stageCommands('readiness', at('Deployment'))[1]).toBe('kubectl get endpointslices -n shop');
    expect(stageCommands('admission', at('Deployment'))[0]).toBe('kubectl describe deployment web -n shop');
    // A Pod subject keeps its own commands.
    expect(stageCommands('readiness', { namespace: 'shop', name: 'web-1', node: 'n1' })[0]).toBe('kubectl describe pod web-1 -n shop');
  });

  it.each([
    ['container-crash-loop', 'kubectl logs crasher -n kdiag-container-crash-loop -c app --previous'],
    ['container-init-failed', 'kubectl logs init-fails -n kdiag-container-init-failed -c wait-for-db --previous'],
    // A running init container has no previous run: --previous would fail ("previous terminated container not found").
    ['container-init-hang', 'kubectl logs init-hang -n kdiag-container-init-hang -c wait-db'],
    // A container the runtime could not create never ran: no logs to read, the Pod's events say why.
    ['container-create-container-error', 'kubectl describe pod seccomp -n kdiag-container-create-container-error'],
  ])('%s: the container stage reads the logs of the container in trouble', (name, command) => {
    const [d] = diagnosed(name).filter((x) => x.stage === 'container');
    expect(d?.stageOwner?.commands[0]).toBe(command);
    expect(d?.stageOwner?.commands.filter((c) => c.startsWith('kubectl logs')).length).toBe(name === 'container-create-container-error' ? 0 : 1);
  });

  it.each([
    // The Node list was read and holds no kdiag-node-7: describing it is refused (NotFound), so the nodes that exist are listed.
    ['kubelet-node-missing', 'kubectl get nodes'],
    // Near miss: a node that exists but stopped reporting is described.
    ['kubelet-node-stopped-reporting', 'kubectl describe node kdiag-fake-node-1'],
  ])('%s: the kubelet stage looks at the node only where it exists', (name, command) => {
    const [d] = diagnosed(name).filter((x) => x.stage === 'kubelet');
    expect(d?.stageOwner?.commands[0]).toBe(command);
  });

  it('a restarted container wins over one failed once; --previous only with a previous run', () => {
    const term = { exitCode: 1 };
    const failed = container({ name: 'once', terminated: term });
    const looping = container({ name: 'loop', restartCount: 3, lastTerminated: term, waiting: { reason: 'CrashLoopBackOff', message: '' } });
    expect(troubledContainer([failed, looping])).toEqual({ name: 'loop', previous: true });
    expect(troubledContainer([failed])).toEqual({ name: 'once', previous: false });
    // Near miss: a completed init container is not the one in trouble.
    const done = container({ name: 'setup', kind: 'init', terminated: { exitCode: 0 } });
    expect(troubledContainer([done, container({ name: 'app', ready: false, running: {} })])).toEqual({ name: 'app', previous: false });
    expect(troubledContainer([])).toBeUndefined();
    // A container that never ran has no logs at all: kubectl refuses them ("container ... is waiting to start").
    expect(troubledContainer([container({ name: 'app', waiting: { reason: 'CreateContainerError', message: '' } })])).toEqual({ name: 'app', previous: false, neverRan: true });
    expect(stageCommands('container', { namespace: 'shop', name: 'api', node: null })[0]).toBe('kubectl logs api -n shop --previous');
  });
});
