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

/** Where a Pod stands: the verdict of a Diagnosis. */
export type DiagnosisStatus = 'failing' | 'progressing' | 'healthy';
/** What the evidence says about one stage of the strip. */
export type StageState = 'passed' | 'failed' | 'pending' | 'unknown';

/** The Kubernetes components a stage depends on: machine ids, the same in every language. */
export const COMPONENTS = [
  'workload-controller',
  'kube-apiserver',
  'kube-scheduler',
  'kubelet',
  'attach-detach-controller',
  'csi-driver',
  'container-runtime',
  'cni-plugin',
  'registry',
  'application',
  'endpointslice-controller',
  'finalizer-controller',
] as const;
export type Component = (typeof COMPONENTS)[number];
