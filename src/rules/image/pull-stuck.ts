import { ruleMessages } from '../messages/index.js';
import { eventEvidence } from '../helpers/events.js';
import { fieldEvidence } from '../helpers/evidence.js';
import { finding } from '../helpers/finding.js';
import { traceSentence } from '../helpers/stuck.js';
import { formatAge, parseTime } from '../helpers/time.js';
import type { Evidence, PodRule } from '../types.js';

const rule: PodRule = {
  id: 'image/pull-stuck',
  scope: 'pod',
  stage: 'image',
  severity: 'error',
  failureClass: 'transient',
  fallback: true,
  title: 'An image pull has not finished for a long time',
  docs: {
    description:
      'The Pod\'s sandbox exists and the kubelet began pulling a container\'s image (`Pulling`) longer ago than the stuck threshold (10 minutes by default), but no `Pulled` or pull error followed, and the container is still waiting in ContainerCreating. The pull is stalled or extremely slow. Without any pull event, the wait is measured from when the sandbox became ready. Reported only when no other rule finds a cause.',
    causes: [
      'a very large image over a slow link to the registry',
      'a pull stalled on a layer download (a proxy or registry that stops sending without closing the connection)',
      'the kubelet pulls images one at a time (serializeImagePulls: true, the default) and another Pod\'s slow pull holds the queue',
    ],
    fix: [
      'See the pull on the node: crictl images | grep IMAGE; journalctl -u containerd --since "30 min ago" | grep -i pull',
      'Check the registry and the image size: crane manifest IMAGE, or the registry UI',
      'Pre-pull large images on the nodes, or use a registry mirror closer to the cluster',
    ],
  },
  triggers: { waiting: ['ContainerCreating', 'PodInitializing'] },
  match({ pod, now, options }) {
    if (pod.deletingSince !== undefined || (pod.phase !== 'Pending' && pod.phase !== 'Running')) return [];
    // Images are pulled just before each container starts, in order: the first container not started yet is the one.
    const c = pod.containers.find((x) => x.kind !== 'ephemeral' && !x.running && !x.terminated && !x.lastTerminated);
    if (!c || (c.waiting && c.waiting.reason !== 'ContainerCreating' && c.waiting.reason !== 'PodInitializing')) return [];
    if (typeof c.status?.imageID === 'string' && c.status.imageID !== '') return [];
    const mine = pod.events.filter((e) => e.fieldPath === undefined || e.fieldPath.includes(`{${c.name}}`));
    if (mine.some((e) => e.reason === 'Pulled' || e.reason === 'Failed' || e.reason === 'ErrImageNeverPull' || e.reason === 'Created' || e.reason === 'Started')) return [];
    const pulling = mine.filter((e) => e.reason === 'Pulling').sort((a, b) => (a.lastSeen ?? 0) - (b.lastSeen ?? 0)).at(-1);
    const sandbox = pod.conditions.PodReadyToStartContainers;
    const podIP = typeof pod.pod.status?.podIP === 'string' && pod.pod.status.podIP !== '';
    if (!pulling && sandbox?.status !== 'True' && !podIP) return [];
    // An app container waits for the init containers before its image is pulled.
    if (!pulling && c.waiting?.reason === 'PodInitializing') return [];
    const since = pulling?.lastSeen ?? (sandbox?.status === 'True' ? parseTime(sandbox.lastTransitionTime) : undefined);
    if (since === undefined || now - since < options.stuckMs) return [];
    const image = c.spec.image ?? '(no image)';
    const evidence: Evidence[] = [fieldEvidence('pod', `${c.statusPath}.state.waiting.reason`, c.waiting?.reason ?? '(no state)')];
    const m = ruleMessages(options.lang);
    let message: string;
    if (pulling) {
      evidence.push(eventEvidence(pulling, now));
      message = m.pullStuck.pulling({ image, container: c, age: formatAge(now - since) });
    } else {
      if (sandbox) evidence.push(fieldEvidence('pod', 'status.conditions[type=PodReadyToStartContainers]', { status: sandbox.status ?? '', lastTransitionTime: sandbox.lastTransitionTime ?? '' }));
      message = m.pullStuck.noImage({ image, container: c, age: formatAge(now - since), trace: traceSentence(pod, now, evidence, m) });
    }
    return [
      finding(rule, {
        confidence: pulling ? 'high' : 'low',
        message,
        evidence,
        remediation: m.pullStuck.fix({ node: pod.nodeName, image }),
      }),
    ];
  },
};

export default rule;
