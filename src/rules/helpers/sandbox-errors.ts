import { currentEvents } from '../../model/supersession.js';
import type { CniHint } from '../messages/cni.js';
import type { EventFact } from '../../model/events.js';
import type { PodFacts } from '../../model/facts.js';
import { memoPod, memoString } from './memo.js';

/** The event correlator's prefix when it merges similar events (client-go tools/record events_cache.go). */
const COMBINED = /^\(combined from similar events\):\s*/;

/** An event message without the correlator's "(combined from similar events): " prefix. */
export function eventText(e: EventFact): string {
  return e.message.replace(COMBINED, '');
}

/**
 * True while the Pod is still waiting for its sandbox: bound to a node, not finished, no container
 * running, and PodReadyToStartContainers not True (or, on kubelets without that condition, every
 * container still in its default ContainerCreating / PodInitializing wait). Volumes are mounted and
 * the sandbox network is set up in exactly this window.
 */
export function awaitingSandbox(pod: PodFacts): boolean {
  if (!pod.nodeName || pod.phase === 'Succeeded' || pod.phase === 'Failed') return false;
  const ready = pod.conditions.PodReadyToStartContainers?.status;
  if (ready === 'True') return false;
  const regular = pod.containers.filter((c) => c.kind !== 'ephemeral');
  if (regular.some((c) => c.running)) return false;
  if (ready === 'False') return true;
  return regular.every((c) => !c.status || (!c.running && !c.terminated && (!c.waiting || c.waiting.reason === 'ContainerCreating' || c.waiting.reason === 'PodInitializing')));
}

// When the sandbox and the volumes were last known done: the model's supersession decides it for every rule.
export { sandboxSeenAt, volumesDoneAt } from '../../model/supersession.js';

export type SandboxErrorKind =
  | 'cni-not-initialized'
  | 'ip-exhausted'
  | 'sandbox-image'
  | 'runtime-handler'
  | 'plugin-missing'
  | 'plugin'
  | 'other';

export interface SandboxError {
  kind: SandboxErrorKind;
  /** The runtime's error, without `Failed to create pod sandbox: rpc error: code = Unknown desc = `. */
  error: string;
  /** CNI plugin type and network name from libcni's `plugin type="…" name="…"`, or CRI-O's network. */
  plugin?: string;
  network?: string;
  /** The plugin's own message after `failed (add): `. */
  pluginMessage?: string;
  /** ip-exhausted: `<start>-<end>`; sandbox-image: the pause image; runtime-handler: the handler; plugin-missing: the binary. */
  subject?: string;
  /** plugin-missing: the search path; cni-not-initialized: the config directory. */
  where?: string;
  /** A known CNI's well-known failure (flannel subnet.env, calico nodename, cilium agent, calico credentials). */
  hint?: CniHint;
}

const PREFIX = /^Failed to create pod sandbox:\s*/;
const GRPC = /^rpc error: code = \w+ desc = /;

/** Classifies the text of a `FailedCreatePodSandBox` event (k8s-messages.md §2.4, §6.3). The result is shared: read-only. */
export function classifySandboxError(message: string): SandboxError {
  return typeof message === 'string' ? classifyCached(message) : classifyUncached(message);
}

const classifyCached = memoString(classifyUncached);

function classifyUncached(message: string): SandboxError {
  const error = message.replace(COMBINED, '').replace(PREFIX, '').replace(GRPC, '');
  const out: SandboxError = { kind: 'other', error };
  // libcni: plugin type="<type>" name="<net>" failed (add): <msg>   (older libcni: no name=)
  const plugin = /plugin type="([^"]+)"(?: name="([^"]*)")? failed \((?:add|delete|check)\): ([\s\S]*)$/.exec(error);
  if (plugin) {
    out.plugin = plugin[1]!;
    if (plugin[2]) out.network = plugin[2];
    out.pluginMessage = plugin[3]!.trim();
  }
  const crio = /to CNI network "([^"]+)"/.exec(error);
  if (crio && !out.network) out.network = crio[1]!;

  const ipRange = /no IP addresses available in range set: ([0-9a-fA-F.:]+-[0-9a-fA-F:]+(?:\.[0-9]+)*)/.exec(error);
  const pause = /failed to get sandbox image "([^"]+)"/.exec(error);
  const handler = /no runtime for "([^"]+)" is configured/.exec(error) ?? /failed to find runtime handler (\S+) from runtime list/.exec(error);
  const noConf = /no network config found in (\S+?):|no CNI configuration file in (\S+?)\.?(?=\s|$)/.exec(error);
  const missing = /failed to find plugin "([^"]+)" in path \[([^\]]*)\]/.exec(error);
  if (pause) {
    out.kind = 'sandbox-image';
    out.subject = pause[1]!;
  } else if (handler) {
    out.kind = 'runtime-handler';
    out.subject = handler[1]!;
  } else if (ipRange) {
    out.kind = 'ip-exhausted';
    out.subject = ipRange[1]!;
  } else if (noConf || /cni plugin not initialized|failed to load cni config|network plugin is not ready/i.test(error)) {
    out.kind = 'cni-not-initialized';
    const dir = noConf?.[1] ?? noConf?.[2];
    if (dir) out.where = dir;
  } else if (missing) {
    out.kind = 'plugin-missing';
    out.subject = missing[1]!;
    out.where = missing[2]!;
  } else if (plugin || /failed to (setup|set up) network for sandbox|error adding pod .* to CNI network|netplugin failed/.test(error)) {
    out.kind = 'plugin';
  }
  const hint = knownCniHint(error);
  if (hint) out.hint = hint;
  return out;
}

function knownCniHint(error: string): CniHint | undefined {
  if (/flannel\/subnet\.env|flannel 'subnet\.env'/.test(error)) return 'flannel-down';
  if (/\/var\/lib\/calico\/nodename/.test(error)) return 'calico-down';
  if (/cilium\.sock|Cilium daemon|cilium agent/i.test(error)) return 'cilium-down';
  if (/plugin type="calico"/.test(error) && /Unauthorized|connection is unauthorized/.test(error)) return 'calico-credentials';
  return undefined;
}

/** One current FailedCreatePodSandBox event, classified. */
export interface SandboxFailure {
  event: EventFact;
  error: SandboxError;
}

/**
 * The Pod's sandbox failures that still matter: only while it is waiting for its sandbox, and only
 * those newer than any sign that a sandbox existed (a Running Pod's old failures are history).
 */
export function currentSandboxFailures(pod: PodFacts): readonly SandboxFailure[] {
  if (pod.deletingSince !== undefined || !awaitingSandbox(pod)) return [];
  return sandboxFailuresCached(pod);
}

const sandboxFailuresCached = memoPod((pod: PodFacts): readonly SandboxFailure[] => {
  return currentEvents(pod)
    .filter((e) => e.reason === 'FailedCreatePodSandBox')
    .map((event) => ({ event, error: classifySandboxError(event.message) }));
});

/** Earliest first-seen time among events, for grace periods. */
export function firstSeen(events: readonly EventFact[]): number | undefined {
  let t: number | undefined;
  for (const e of events) {
    const v = e.firstSeen ?? e.lastSeen;
    if (v !== undefined && (t === undefined || v < t)) t = v;
  }
  return t;
}

/** True when the condition started less than `graceMs` ago (unknown start times are past grace). */
export function withinGrace(since: number | undefined, now: number, graceMs: number): boolean {
  return since !== undefined && now - since <= graceMs;
}

export function hostNetwork(pod: PodFacts): boolean {
  const spec = pod.pod.spec as Record<string, unknown> | undefined;
  return spec?.['hostNetwork'] === true;
}
