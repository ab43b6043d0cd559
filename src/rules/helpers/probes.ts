import type { ContainerFacts } from '../../model/containers.js';
import type { EventFact } from '../../model/events.js';
import type { Probe } from '../../model/k8s.js';
import type { ProbeHandler, ProbeOutput, ProbePortMismatch, ProbeRef } from '../messages/readiness.js';

export type ProbeType = 'Liveness' | 'Readiness' | 'Startup';

/** The value when it is an array of objects or strings, else an empty list (dumps come from strangers). */
export function asList<T>(value: T[] | undefined | unknown): T[] {
  return Array.isArray(value) ? (value.filter((v) => v !== null && v !== undefined) as T[]) : [];
}

/** One `Unhealthy` event message, parsed. */
export interface ProbeFailure {
  type: ProbeType;
  /** `errored`: the probe could not run (1.33+: `... errored and resulted in <state> state: `; ≤1.32: `... errored: `). */
  errored: boolean;
  /** 1.33+ only: `unknown` or `failure`. */
  state?: string;
  output: string;
}

const FAILED = /^(Liveness|Readiness|Startup) probe failed: ?([\s\S]*)$/;
const ERRORED_NEW = /^(Liveness|Readiness|Startup) probe errored and resulted in (\w+) state: ?([\s\S]*)$/;
const ERRORED_OLD = /^(Liveness|Readiness|Startup) probe errored: ?([\s\S]*)$/;

/** Parses the kubelet's `Unhealthy` message in its 1.31–1.36 wordings; undefined for anything else. */
export function parseProbeMessage(message: string): ProbeFailure | undefined {
  let m = FAILED.exec(message);
  if (m) return { type: m[1] as ProbeType, errored: false, output: m[2]!.trim() };
  m = ERRORED_NEW.exec(message);
  if (m) return { type: m[1] as ProbeType, errored: true, state: m[2]!, output: m[3]!.trim() };
  m = ERRORED_OLD.exec(message);
  if (m) return { type: m[1] as ProbeType, errored: true, output: m[2]!.trim() };
  return undefined;
}

/** The event message as a finding quotes it: an exec probe's empty output is said in words. */
export function probeOutput(message: string, failure: ProbeFailure): ProbeOutput {
  return { message: message.trim(), empty: failure.output === '' };
}

/** The spec probe of a type. */
export function probeOf(c: ContainerFacts, type: ProbeType): Probe | undefined {
  const p = type === 'Liveness' ? c.spec.livenessProbe : type === 'Readiness' ? c.spec.readinessProbe : c.spec.startupProbe;
  return p && typeof p === 'object' ? p : undefined;
}

/** The probe's port as a number when the container names it (`port: http` → 8080), else as written. */
export function probePort(probe: Probe | undefined, c?: ContainerFacts): number | string | undefined {
  const port = probe?.httpGet?.port ?? probe?.tcpSocket?.port ?? probe?.grpc?.port;
  if (typeof port !== 'string' || /^\d+$/.test(port) || !c) return typeof port === 'string' && /^\d+$/.test(port) ? Number(port) : port;
  return asList<{ name?: string; containerPort?: number }>(c.spec.ports).find((p) => p.name === port)?.containerPort ?? port;
}

/** The probe as messages describe it: `httpGet http://:8080/healthz`, `tcpSocket :5432`, `exec [cat /tmp/ready]`, `grpc :9000`, and its timing. */
export function probeRef(probe: Probe | undefined, c?: ContainerFacts): ProbeRef {
  if (!probe) return { absent: true };
  const port = probePort(probe, c) ?? '?';
  const written = probe.httpGet?.port ?? probe.tcpSocket?.port;
  const named = typeof written === 'string' && typeof port === 'number' ? { namedPort: written } : {};
  let handler: string | undefined;
  if (probe.httpGet) {
    const h = probe.httpGet;
    handler = `httpGet ${(h.scheme ?? 'HTTP').toLowerCase()}://${h.host ?? ''}:${port}${h.path ?? '/'}`;
  } else if (probe.tcpSocket) handler = `tcpSocket ${probe.tcpSocket.host ?? ''}:${port}`;
  else if (probe.grpc) handler = `grpc :${port}${probe.grpc.service ? ` service ${probe.grpc.service}` : ''}`;
  else if (probe.exec) handler = `exec [${asList<string>(probe.exec.command).join(' ')}]`;
  return { ...(handler !== undefined ? { handler } : {}), ...(probe.httpGet || probe.tcpSocket ? named : {}), timing: probeTiming(probe) };
}

/** How to run the probe by hand: its handler's port and path, or its command. */
export function probeHandler(probe: Probe, c: ContainerFacts): ProbeHandler {
  const port = probePort(probe, c) ?? '<port>';
  if (probe.httpGet) return { kind: 'http', port, path: probe.httpGet.path ?? '/' };
  if (probe.tcpSocket) return { kind: 'tcp', port };
  return { kind: 'exec', command: asList<string>(probe.exec?.command) };
}

/** The probe's timing with the API defaults filled in. */
export function probeTiming(probe: Probe): { initialDelaySeconds: number; periodSeconds: number; timeoutSeconds: number; failureThreshold: number } {
  const num = (v: unknown, d: number): number => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : d);
  return {
    initialDelaySeconds: num(probe.initialDelaySeconds, 0),
    periodSeconds: num(probe.periodSeconds, 10) || 10,
    timeoutSeconds: num(probe.timeoutSeconds, 1) || 1,
    failureThreshold: num(probe.failureThreshold, 3) || 3,
  };
}

/** Milliseconds before failures of this probe can first take effect: initial delay plus threshold × period. */
export function probeSettleMs(probe: Probe | undefined): number {
  if (!probe) return 0;
  const t = probeTiming(probe);
  return (t.initialDelaySeconds + t.periodSeconds * t.failureThreshold) * 1000;
}

/** Events about this container: by `spec.containers{name}` field path; events without one only for single-container Pods. */
export function containerEventsOf(events: readonly EventFact[], c: ContainerFacts, containerCount: number): EventFact[] {
  return events.filter((e) => (e.fieldPath ? e.fieldPath.endsWith(`{${c.name}}`) : containerCount === 1));
}

/**
 * `Unhealthy` events of one probe type for this container, last seen inside [from, to] (epoch ms; either
 * may be open). Events are merged across repeats, so `lastSeen` is the newest failure.
 */
export function probeFailures(events: readonly EventFact[], c: ContainerFacts, containerCount: number, type: ProbeType, from?: number, to?: number): Array<{ event: EventFact; failure: ProbeFailure }> {
  const out: Array<{ event: EventFact; failure: ProbeFailure }> = [];
  for (const e of containerEventsOf(events, c, containerCount)) {
    if (e.reason !== 'Unhealthy') continue;
    const failure = parseProbeMessage(e.message);
    if (!failure || failure.type !== type) continue;
    if (!inWindow(e.lastSeen, from, to)) continue;
    out.push({ event: e, failure });
  }
  return out;
}

/** True when `t` lies in [from, to] with 1s slack for second-granular timestamps; unknown times count as inside. */
export function inWindow(t: number | undefined, from?: number, to?: number): boolean {
  if (t === undefined) return true;
  if (from !== undefined && t < from - 1000) return false;
  if (to !== undefined && t > to + 1000) return false;
  return true;
}

/** The probe points at a port the container does not declare (the usual cause of `connection refused`), if it does. */
export function probePortMismatch(probe: Probe | undefined, c: ContainerFacts): ProbePortMismatch | undefined {
  const port = probe?.httpGet?.port ?? probe?.tcpSocket?.port ?? probe?.grpc?.port;
  if (port === undefined) return undefined;
  const ports = asList<{ name?: string; containerPort?: number }>(c.spec.ports).filter((p) => typeof p === 'object');
  if (typeof port === 'string' && !/^\d+$/.test(port)) {
    return ports.some((p) => p.name === port) ? undefined : { kind: 'name', port, container: c.name };
  }
  if (ports.length === 0) return undefined;
  const n = Number(port);
  return ports.some((p) => p.containerPort === n) ? undefined : { kind: 'number', port: n, container: c.name, declared: ports.map((p) => p.containerPort as number) };
}
