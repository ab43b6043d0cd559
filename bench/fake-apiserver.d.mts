// Types of bench/fake-apiserver.mjs for the tests that start it.
export function startFakeApiServer(options: { pods: number; nodes: number; pageSize?: number }): Promise<{ kubeconfig: string; requests: string[]; close(): Promise<void> }>;
