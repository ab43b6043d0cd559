// The other thread's half of a List read in two parts (src/sources/parallel-read.ts): a chunk of its own
// (dist/cli/chunks/read-worker.cjs), so the CLI bundle's start is unchanged. Runs in a worker thread only.
import { addedAsList, prepareListItems } from './split-list.js';
import { kubectlYamlDocuments } from './yaml-kubectl.js';

/** What the other thread hands back: the rest's documents, and which items it normalised; undefined when the kubectl reader stepped aside. */
export interface RestRead {
  docs: unknown[];
  prepared: Uint8Array;
}

export function readRest(rest: string): RestRead | undefined {
  const docs = kubectlYamlDocuments(rest);
  if (!docs) return undefined;
  const list = docs.length === 1 && addedAsList(docs[0]) ? (docs[0] as { items: unknown[] }).items : undefined;
  return { docs, prepared: list ? prepareListItems(list) : new Uint8Array(0) };
}
