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
}

/**
 * The messages and remediation steps of the rules converted so far, one entry per rule, typed like the
 * report catalogue: a rule builds its finding from these, so a missing or mistyped translation fails `tsc`.
 * Names, images, commands and quoted cluster text are parameters, never translated.
 */
export interface RuleMessages {
  container(p: ContainerRef): string;
  /** The same, opening a sentence. */
  Container(p: ContainerRef): string;
  exit(p: ExitRef): string;
  /** `restarted 2 times; the kubelet waits 20s before the next try`, empty when there is nothing to say. */
  restarts(p: { restarts: number; backOff?: string }): string;
  /** `; failing for 5m` after a pull error, empty when the start is unknown. */
  failingFor(p: { age?: string }): string;

  imageNotFound: {
    message(p: { image: string; container: ContainerRef }): string;
    remediation(p: { image: string; namespace: string; container: string }): string[];
  };
  registryUnreachable: {
    message(p: { node: string; image: string; container: ContainerRef; unresolved?: string; endpoint: string; detail: string; failingFor: string }): string;
    remediation(p: { node: string; image: string; dns: boolean; host: string; endpoint: string; namespace: string; pod: string }): string[];
  };
  crashLoop: {
    message(p: { container: ContainerRef; mode: 'loop' | 'first' | 'again'; exit: string; terminationMessage: string; restarts: string }): string;
    remediation(p: { logs: string; namespace: string; pod: string }): string[];
  };
}
