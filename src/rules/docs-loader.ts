/**
 * Commands that print rule docs (`kdiag rules`, `kdiag explain`) await this before reading `rule.docs`.
 * In the source and the library the docs are part of each rule, so there is nothing to load. The CLI bundle
 * moves every rule's docs into a chunk of their own, off the path of the commands that diagnose
 * (scripts/build.mjs, rule docs), and replaces this module with one that imports that chunk.
 */
export async function loadRuleDocs(): Promise<void> {}
