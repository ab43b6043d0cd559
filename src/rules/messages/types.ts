import type { ContainerFacts } from '../../model/containers.js';

/** A container as a rule's message names it. */
export interface ContainerRef {
  kind: ContainerFacts['kind'];
  name: string;
}

/** How a container's last instance ended, as the status recorded it. */
export interface ExitRef {
  recorded: boolean;
  reason?: string;
  code?: number;
  /** The termination message is not empty (exit 2 then gets no shell gloss). */
  hasMessage: boolean;
  /**
   * What the container runs, when its spec says: `shell` (sh, bash … as the command: 2, 126 and 127 are the
   * shell's), `program` (another executable: its codes are its own). Absent: the image's entrypoint, unknown.
   */
  runs?: 'shell' | 'program';
  /** The termination message is a Go runtime panic (a Go program exits 2 on an unrecovered panic). */
  goPanic?: true;
}

/**
 * The fragments many rules' messages share (container nouns, exit codes, restart counts).
 */
export interface SharedMessages {
  container(p: ContainerRef): string;
  /** The same, opening a sentence. */
  Container(p: ContainerRef): string;
  exit(p: ExitRef): string;
  /** `restarted 2 times; the kubelet waits 20s before the next try`, empty when there is nothing to say. */
  restarts(p: { restarts: number; backOff?: string }): string;
  /** `; failing for 5m` after a pull error, empty when the start is unknown. */
  failingFor(p: { age?: string }): string;
  /** ` The last warning event, 5m ago, says Reason: "…".`, or that no event says why (`events`: the Pod has any). */
  trace(p: { warning?: { age: string; reason: string; message: string }; events: boolean }): string;
}
