// The only module that imports @kubernetes/client-node. It is bundled (tree-shaken to KubeConfig and
// what it needs) into a chunk that only live commands load: importing the whole package costs ~0.5 s.
if (process.env.KDIAG_DENY_CLIENT_NODE === '1') throw new Error('KDIAG-TEST: @kubernetes/client-node was loaded');

export { KubeConfig } from '@kubernetes/client-node';
