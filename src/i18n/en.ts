import { clipMarker } from '../text/neutralize.js';
import type { Messages } from './messages.js';
import { revisionsEn } from './revisions.en.js';
import { countFormat } from './count.js';

/** A title inside a sentence: its first word in lower case when it is a plain word ("The", "Pod"), never a
 * kind or an acronym ("NetworkPolicy", "DNS"), and the rest as it is. */
function lowerFirstWord(title: string): string {
  const word = /^[A-Z][a-z]+\b/.exec(title)?.[0];
  return word !== undefined && !KIND_NAMES.has(word) ? title[0]!.toLowerCase() + title.slice(1) : title;
}
/** Kinds whose name is one plain word: they keep their capital, as CamelCase kinds do ("healthy; Service targets…"). */
const KIND_NAMES: ReadonlySet<string> = new Set(['Pod', 'Service', 'Node', 'Job', 'Namespace', 'Secret', 'Ingress', 'Deployment', 'Endpoints', 'Event', 'Lease']);

// Counts as Intl.NumberFormat('en') writes them (12,345), without building one (i18n/en.ts is on every command's start path).
const format = countFormat('en');
/** `1 warning`, `3 warnings` (English's plural rule: one only for 1). */
const n = (count: number, one: string, other: string): string => `${format(count)} ${count === 1 ? one : other}`;
const warningsSuffix = (w: number): string => (w > 0 ? ` (${n(w, 'warning', 'warnings')})` : '');

export const en: Messages = {
  lang: 'en',
  count: (c) => format(c),
  stage: { admission: 'admission', scheduling: 'scheduling', kubelet: 'kubelet', volume: 'volume', cni: 'cni', image: 'image', container: 'container', readiness: 'readiness' },
  stageState: { passed: 'passed', failed: 'failed', pending: 'pending', unknown: 'unknown' },
  status: { failing: 'failing', progressing: 'progressing', healthy: 'healthy' },
  severity: { error: 'error', warning: 'warning', info: 'info' },
  confidence: { high: 'high', medium: 'medium', low: 'low' },
  component: {
    'workload-controller': 'the workload controller',
    'kube-apiserver': 'kube-apiserver admission',
    'kube-scheduler': 'kube-scheduler',
    kubelet: "the node's kubelet",
    'attach-detach-controller': 'the attach-detach controller',
    'csi-driver': 'the CSI driver',
    'container-runtime': 'the container runtime (CRI)',
    'cni-plugin': 'the CNI plugin',
    registry: 'the image registry',
    application: 'the application',
    'endpointslice-controller': 'the EndpointSlice controller',
    'finalizer-controller': 'the controller that owns the finalizer',
  },

  report: {
    clipped: ({ n }) => clipMarker(n),
    node: ({ node }) => `node ${node}`,
    noNode: 'no node',
    phase: ({ phase }) => `phase ${phase}`,
    owner: ({ kind, name }) => `owner ${kind}/${name}`,
    failing: ({ stage }) => `FAILING${stage ? ` at ${stage}:` : ':'}`,
    progressing: ({ stage }) => `PROGRESSING${stage ? ` (${stage})` : ''}:`,
    healthy: 'HEALTHY:',
    cause: 'Cause',
    evidence: 'Evidence',
    fix: 'Fix',
    alsoFound: 'Also found',
    notes: 'Notes',
    listNotes: 'Notes for the whole list',
    findingTag: ({ rule, severity, confidence }) => `[${rule}, ${severity}, ${confidence} confidence]`,
    more: ({ rule }) => `More: kdiag explain ${rule}`,
    whereToLook: ({ components, commands }) => `Where to look: ${components} — ${commands}`,
    noPods: 'No Pods found.',
    verdictLine: ({ status, stage, summary }) => `${status}${stage ? ` at ${stage}` : ''}: ${summary}`,
    listSeparator: ', ',
    labelGap: ' ',
  },

  summary: {
    completed: ({ warnings }) => `Pod completed successfully${warningsSuffix(warnings)}.`,
    runningReady: ({ warnings }) => `Pod is Running and Ready${warningsSuffix(warnings)}.`,
    stillProgressing: ({ age, message }) => `Pod is still progressing${age ? `, ${age} old` : ''}; if it does not clear: ${message}`,
    warmingUp: ({ kind, workload, age, window, message }) =>
      `Pod is still starting${age ? `, ${age} old` : ''}, within the ${window} its probes allow for start-up (${kind} ${workload} has no progress deadline); if it is not Ready by then: ${message}`,
    progressing: ({ stage, age, init }) =>
      `Pod is progressing: ${init ? `init container "${init.name}" (${init.position} of ${init.total}) running${init.runningFor ? ` for ${init.runningFor}` : ''}${init.runs ? `: ${init.runs}` : ''}` : PROGRESS_WORDS[stage]}${age ? `, ${age} old` : ''}.`,
    supersededByJob: ({ job, progress }) => `This Pod's attempt failed, but Job "${job}" succeeded on another (${progress}).`,
    deleting: ({ step, finalizers, requestedAgo, graceLeft }) =>
      `Pod is being deleted${requestedAgo ? ` (asked ${requestedAgo} ago)` : ''}: ${TEARDOWN_WORDS[step]}${step === 'finalizers' ? ` ${finalizers.map((f) => `"${f}"`).join(', ')}` : ''}${graceLeft ? `; its grace period ends in ${graceLeft}` : ''}.`,
  },

  notes: {
    noEvents: 'no Events were available: causes that only events show (pull errors, mount errors, probe failures) may be missed',
    nodeNotInSnapshot: ({ node }) => `node "${node}" is not in the snapshot: it may have been deleted`,
    nodeNotVisible: ({ node }) => `node "${node}" state not visible: no Node objects in the input`,
    nodeNotListed: ({ node }) => `node "${node}" state unknown: the input holds some Nodes one by one, not the whole list, and not this one`,
    nodeContradicted: ({ node }) => `node "${node}" is not in the input's Node list, yet the Pod was reported Ready moments ago: the list may be older than the Pod's status, so kdiag does not conclude the node is gone`,
    ruleFailed: ({ rule, on, error }) => `rule ${rule} failed on this ${on === 'pod' ? 'Pod' : 'workload'} and was skipped: ${error}`,
    clock: ({ at, source, basis, rejectedMtime }) => {
      const name = source ?? 'standard input';
      switch (basis) {
        case 'recorded':
          return `ages measured from ${at}, the capture time recorded in ${name}`;
        case 'mtime':
          return `ages measured from ${at}, the modification time of ${name} (pass --now to judge it at another time)`;
        case 'wall':
          return `ages measured from ${at}, this machine's clock when kdiag read ${name} (it records no capture time; pass --now to set one)`;
        case 'newest':
          return rejectedMtime
            ? `ages measured from ${at}, the newest timestamp in ${name}: its modification time (${rejectedMtime}) is older than objects in it`
            : `ages measured from ${at}, the newest timestamp in ${name} (it records no capture time)`;
      }
    },
    fixedClock: ({ at, reason }) => `ages measured from ${at}, ${reason}`,
    liveClock: ({ at }) => `ages measured from ${at}, this machine's clock when kdiag read the cluster (timestamps in the cluster are the API server's: a skewed local clock skews ages)`,
    inItems: ({ note, items }) => `${note} (${n(items, 'item', 'items')})`,
    manyClocks: ({ files, first, last }) => `ages measured from each file's own time (${files} files, ${first} to ${last}); --verbose lists them`,
  },

  table: {
    head: { cluster: 'CLUSTER', namespace: 'NAMESPACE', name: 'NAME', status: 'STATUS', stage: 'STAGE', cause: 'CAUSE', restarts: 'RESTARTS', age: 'AGE', node: 'NODE', rule: 'RULE' },
    totals: ({ items, failing, progressing, healthy }) => `${items} ${items === 1 ? 'item' : 'items'}: ${failing} failing, ${progressing} progressing, ${healthy} healthy`,
    stageLine: ({ stage, failing, causes }) => `${stage}: ${failing} failing (${causes})`,
    unknownKinds: ({ kinds }) => `Unknown (could not be read): ${kinds}. A failure only they would show is not in this list; see Notes.`,
    healthyWithWarning: ({ title }) => `healthy; ${lowerFirstWord(title)}`,
    completed: 'completed',
    runningReady: 'running and ready',
  },

  suppressed: {
    line: ({ count, sources, shown }) => `${count} finding${count === 1 ? '' : 's'} suppressed (${sources})${shown ? ':' : ' — --show-suppressed'}`,
    heading: 'Suppressed (not counted in the verdict):',
    source: ({ source }) => source,
    by: ({ source, reason }) => `suppressed by ${source}${reason ? `: ${reason}` : ' (no reason given)'}`,
    allSuppressed: ({ count }) => `every finding (${count}) is suppressed; nothing else was found`,
    notReadySuppressed: ({ rules }) => `not Ready, and what kdiag found is suppressed (${rules}); nothing else was found`,
  },

  workload: {
    podCount: ({ pods }) => n(pods, 'pod', 'pods'),
    noPods: 'no Pods',
    lastJob: ({ name, summary }) => `Last Job ${name}: ${summary}`,
    earlierJobs: ({ jobs, more }) =>
      `Earlier Jobs (history; they do not decide the verdict): ${jobs.map((j) => `${j.name} ${j.outcome}${j.reason ? ` (${j.reason})` : ''}`).join(', ')}${more > 0 ? `, and ${more} older` : ''}.`,
    sameFor: ({ more, names }) => `(the same for ${more} more: ${names})`,
    verdict: ({ pods, total, summary }) => `${format(pods)}/${n(total, 'Pod', 'Pods')}: ${summary}`,
    allHealthy: ({ total, warnings }) => `${format(total)}/${n(total, 'Pod', 'Pods')} healthy${warningsSuffix(warnings)}.`,
    nothingFailing: ({ warnings }) => `No Pods, and nothing failing${warningsSuffix(warnings)}.`,
    seenOn: ({ pod, more, names }) => `(seen on Pod ${pod}${more > 0 ? `; the same for ${more} more: ${names}` : ''})`,
    group: ({ pods, total, status, stage, cause }) => `${pods}/${total} pod${total === 1 ? '' : 's'} ${status}${cause === undefined ? '' : `${stage ? ` at ${stage}` : ''}: ${cause}`}`,
    causeWithRule: ({ title, rule }) => `${title} (${rule})`,
  },

  markdown: {
    heading: ({ subject, status, stage }) => `${subject}: ${status}${stage ? ` at \`${stage}\`` : ''}`,
    cause: ({ title, rule, severity, confidence }) => `**Cause:** ${title} (\`${rule}\`, ${severity}, ${confidence} confidence)`,
    items: ({ items }) => `kdiag: ${items} item(s)`,
    head: { pod: 'Pod', status: 'Status', stage: 'Stage', cause: 'Cause' },
  },

  revisions: revisionsEn,

  gate: {
    passed: ({ seconds }) => `GATE PASSED after ${seconds.toFixed(1)}s`,
    failed: ({ seconds }) => `GATE FAILED after ${seconds.toFixed(1)}s`,
    timedOut: ({ seconds }) => `GATE TIMED OUT after ${seconds.toFixed(1)}s`,
    state: { passed: 'passed', failed: 'failed', waiting: 'waiting', missing: 'missing', notFinished: 'not finished' },
    junitFix: 'fix:',
    junitSubject: ({ pod, kind, name, status, stage }) => `${pod ? `pod ${pod}` : `${kind} ${name}`}: ${status}${stage ? ` at ${stage}` : ''}`,
    junitTimedOut: ({ progress }) => `timed out: ${progress}`,
    githubTitle: ({ target, state }) => `kdiag gate: ${target} ${state === 'timedOut' ? 'timed out' : state}`,
    githubFix: 'Fix:',
    lastLogLines: ({ source }) => `last log lines of ${source}:`,
    wayBack: 'way back:',
    rollout: ({ progress }) => progress,
    targetLine: ({ target, state, detail }) => `${target}: ${state} (${detail})`,
    waitingLine: ({ target, progress }) => `${target}: ${progress}`,
    detailSeparator: '; ',
    progress: {
      start: ({ seconds, what, namespace }) => `gate: waiting up to ${seconds}s for ${what} in namespace ${namespace}`,
      reading: 'gate: reading the namespace',
      more: ({ n }) => `+${n} more`,
      stillWaiting: ({ seconds, what }) => `still waiting (${seconds}): ${what}`,
      nothingYet: 'nothing to gate yet',
      outcome: ({ outcome, seconds }) => `gate: ${outcome} after ${seconds.toFixed(1)}s`,
    },
  },

  errors: {
    prefix: 'kdiag:',
    hint: 'hint:',
    internal: ({ message }) => `internal error: ${message}`,
    internalHint: 'this is a bug in kdiag; please report it with the output of `kdiag --version` and the command you ran (run with --verbose for details)',
    text: ({ text }) => text,
  },

  ruleDocs: {
    header: ({ stage, severity, scope, failureClass }) => `Stage: ${stage}   Severity: ${severity}${failureClass ? `   Class: ${failureClass}` : ''}   Scope: ${scope}`,
    why: 'Why it happens:',
    how: 'How to fix it:',
    seeAlso: 'See also:',
    head: { rule: 'RULE', stage: 'STAGE', severity: 'SEVERITY', title: 'TITLE' },
    count: ({ rules }) => `${rules} rules. kdiag explain RULE prints one rule's docs.`,
  },

  lifecycle: {
    title: 'A Pod from binding to Running and Ready',
    intro:
      'kdiag names the first stage where a Pod is stuck. The order is the kubelet\'s real order: volumes are mounted and the sandbox gets its network before images are pulled. At every step the kubelet reports status back to the API server, which stores it in etcd; that status and the Events are what kdiag reads.',
    what: {
      admission: 'A workload controller (ReplicaSet, StatefulSet, DaemonSet, Job) asks the API server to create the Pod; admission (ResourceQuota, PodSecurity, webhooks) may refuse it.',
      scheduling: 'kube-scheduler filters and scores the nodes, picks one and writes the binding (spec.nodeName).',
      kubelet: "The node's kubelet sees the Pod through its watch, admits it (resources, node conditions) and builds what the PodSpec asks for (ConfigMap and Secret values, environment).",
      volume: 'The attach-detach controller attaches network volumes to the node; the kubelet, with the CSI driver, mounts every volume into the Pod.',
      cni: 'The kubelet asks the container runtime through CRI (RunPodSandbox) for the Pod sandbox; the runtime calls the CNI plugin, which gives the Pod its network and IP.',
      image: 'The container runtime pulls each image from its registry (imagePullPolicy, imagePullSecrets).',
      container: 'Init containers run one by one to completion, then the app containers start and must keep running; startup and liveness probes restart them when they fail.',
      readiness: "Readiness probes and readiness gates pass, the Pod's Ready condition becomes True, and the EndpointSlice controller adds its IP to the Services that select it.",
    },
    owner: {
      admission: 'The workload controller creates the Pod; API server admission can refuse it.',
      scheduling: 'kube-scheduler picks a node and writes the binding.',
      kubelet: "The node's kubelet admits the Pod and makes the node match its PodSpec.",
      volume: 'The attach-detach controller attaches volumes; the kubelet and the CSI driver mount them.',
      cni: 'The container runtime creates the sandbox through CRI; the CNI plugin gives it a network.',
      image: 'The container runtime pulls the images from the registry.',
      container: "The application runs in its containers; the kubelet restarts them when they exit or fail probes.",
      readiness: 'The kubelet runs readiness probes; the EndpointSlice controller routes Service traffic to Ready Pods.',
    },
    components: 'Responsible:',
    commands: 'Inspect:',
    symptoms: 'Typical symptoms:',
    commandsNote: 'kubectl runs anywhere; crictl and journalctl run on the node.',
  },
};

const TEARDOWN_WORDS = {
  'stopping-containers': 'its containers are stopping',
  'removing-sandbox': 'its containers have stopped; the runtime is removing its sandbox and network',
  'unmounting-volumes': 'its containers have stopped; the kubelet is unmounting its volumes',
  finalizers: 'the kubelet is done; only metadata.finalizers hold it:',
} as const;

const PROGRESS_WORDS = {
  admission: 'waiting for its controller to create it',
  scheduling: 'waiting to be scheduled',
  kubelet: 'waiting for the kubelet to start it',
  volume: 'waiting for its volumes',
  cni: 'waiting for its sandbox and network',
  image: 'pulling images',
  container: 'starting its containers',
  readiness: 'waiting to become Ready',
} as const;
