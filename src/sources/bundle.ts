import { stringify } from 'yaml';
import type { KObject } from '../model/k8s.js';
import { SNAPSHOT_KINDS, type Snapshot, type SnapshotKind } from '../model/snapshot.js';
import { CAPTURED_AT_ANNOTATION, COMPLETE_KINDS_ANNOTATION, SEEN_KINDS_ANNOTATION } from './build-snapshot.js';
import { redactObject, redactText } from '../text/redact.js';

export const NOTES_ANNOTATION = 'kdiag.io/notes';
export const SEEN_ANNOTATION = SEEN_KINDS_ANNOTATION;
export const LOG_KIND = 'ContainerLog';

export interface BundleInfo {
  kdiagVersion: string;
  context: string;
  serverVersion?: string;
}

/**
 * A capture bundle: one YAML `kind: List` that `analyze` and `pod -f` read back to the same diagnosis.
 * Redacted: env values, ConfigMap values, Secret data (never fetched anyway), tokens found in logs.
 */
export function renderBundle(snapshot: Snapshot, info: BundleInfo, options: { logs: boolean }): string {
  const items: KObject[] = [];
  for (const kind of Object.keys(SNAPSHOT_KINDS) as SnapshotKind[]) {
    for (const o of snapshot[SNAPSHOT_KINDS[kind]] as KObject[]) items.push(redactObject(o));
  }
  if (options.logs) {
    for (const [key, text] of Object.entries(snapshot.logs)) {
      const [namespace, pod, container] = key.split('/');
      items.push({ apiVersion: 'kdiag/v1', kind: LOG_KIND, metadata: { namespace, name: pod }, container, previous: true, text: redactText(text) } as KObject);
    }
  }
  const header = [
    `# kdiag capture bundle: read it back with 'kdiag analyze FILE' or 'kdiag pod NAME -f FILE'.`,
    `# captured ${snapshot.meta.capturedAt ?? 'at an unknown time'} from context ${info.context}${info.serverVersion ? ` (Kubernetes ${info.serverVersion})` : ''} by kdiag ${info.kdiagVersion}.`,
    '# Redacted: env values, ConfigMap values, Secret data, credentials found in logs.',
  ].join('\n');
  const list = {
    apiVersion: 'v1',
    kind: 'List',
    metadata: {
      annotations: {
        [CAPTURED_AT_ANNOTATION]: snapshot.meta.capturedAt ?? '',
        [NOTES_ANNOTATION]: JSON.stringify(snapshot.meta.notes),
        [SEEN_ANNOTATION]: snapshot.meta.seenKinds.join(','),
        [COMPLETE_KINDS_ANNOTATION]: JSON.stringify(snapshot.meta.complete ?? {}),
        'kdiag.io/version': info.kdiagVersion,
      },
    },
    items,
  };
  return `${header}\n${stringify(list, { lineWidth: 0 })}`;
}
