import type { Messages } from '../i18n/messages.js';
import type { PodFacts } from '../model/facts.js';
import type { Teardown } from '../model/teardown.js';
import type { StageOwner } from './stage-owner.js';

const q = (s: string): string => (/^[A-Za-z0-9._\/:@=-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

/** Finalizers kube-controller-manager itself clears on Pods (the Job controller's and the garbage collector's). */
const CONTROLLER_MANAGER: Record<string, string> = {
  'batch.kubernetes.io/job-tracking': 'Job',
  foregroundDeletion: 'garbage collector',
  orphan: 'garbage collector',
};

/**
 * Who to look at for a Pod being deleted: the kubelet while it stops the containers, the runtime and the CNI
 * plugin while the sandbox goes, the kubelet again for the volumes, and the controllers that own the finalizers
 * once the kubelet is done (not the kubelet: it has nothing left to do).
 */
export function teardownOwner(pod: PodFacts, teardown: Teardown, t: Messages): StageOwner {
  const ns = ` -n ${q(pod.namespace)}`;
  const name = q(pod.name);
  const node = pod.nodeName ? q(pod.nodeName) : 'NODE';
  const base = { stage: 'kubelet' as const, description: t.lifecycle.owner.kubelet };
  switch (teardown.step) {
    case 'finalizers': {
      const commands = [`kubectl get pod ${name}${ns} -o jsonpath='{.metadata.finalizers}'`];
      const job = pod.owner.ref?.kind === 'Job' ? pod.owner.ref.name : undefined;
      if (teardown.finalizers.some((f) => CONTROLLER_MANAGER[f] === 'Job') && job) commands.push(`kubectl describe job ${q(job)}${ns}`);
      if (teardown.finalizers.some((f) => CONTROLLER_MANAGER[f])) commands.push('kubectl logs -n kube-system -l component=kube-controller-manager');
      // A domain-qualified finalizer belongs to the operator that serves that API group, as a rule.
      for (const group of new Set(teardown.finalizers.filter((f) => !CONTROLLER_MANAGER[f] && f.includes('/')).map((f) => f.split('/')[0]!))) {
        commands.push(`kubectl api-resources --api-group=${q(group)}`);
      }
      return { ...base, components: ['finalizer-controller'], commands };
    }
    case 'removing-sandbox':
      return { ...base, components: ['kubelet', 'container-runtime', 'cni-plugin'], commands: [`kubectl describe pod ${name}${ns}`, 'crictl pods --state notready', `journalctl -u kubelet | grep ${q(pod.uid || pod.name)}`] };
    case 'unmounting-volumes':
      return { ...base, components: ['kubelet', 'csi-driver'], commands: [`kubectl describe node ${node}`, `journalctl -u kubelet | grep ${q(pod.uid || pod.name)}`] };
    case 'stopping-containers':
      return { ...base, components: ['kubelet', 'container-runtime'], commands: [`kubectl describe pod ${name}${ns}`, `kubectl describe node ${node}`, 'crictl ps', `journalctl -u kubelet | grep ${q(pod.uid || pod.name)}`] };
  }
}
