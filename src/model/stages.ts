/** The lifecycle stages in the kubelet's real order (volumes and the sandbox network come before image pulls). */
export const STAGES = ['admission', 'scheduling', 'kubelet', 'volume', 'cni', 'image', 'container', 'readiness'] as const;
export type Stage = (typeof STAGES)[number];

/** The stages every Pod goes through; `admission` belongs to workloads only. */
export const POD_STAGES: readonly Stage[] = STAGES.slice(1);

export function stageIndex(stage: Stage): number {
  return STAGES.indexOf(stage);
}

export function isStage(value: unknown): value is Stage {
  return typeof value === 'string' && (STAGES as readonly string[]).includes(value);
}
