import type { Diagnosis, DiagnosisList } from '../../engine/diagnosis.js';
import type { Lang } from '../../i18n/lang.js';
import { inBatches } from '../../report/batches.js';
import { jsonListParts, type ListParts } from '../../report/json.js';
import { localItems, localNotes } from '../../report/render.js';
import { yamlListParts } from '../../report/yaml.js';
import { writeReportPiece } from '../io.js';

/**
 * One DiagnosisList in JSON or YAML written as its items arrive, one cluster after another: the head with
 * the first item, each cluster's items in batches, and the tail (notes, unreadable kinds, clusters) last,
 * once every cluster is known. Nothing but the batch being rendered is held.
 */
export class StreamedListWriter {
  private started = false;
  private readonly parts: (list: DiagnosisList) => ListParts;
  private readonly per: number;
  /** JSON's parts come neutralised from their renderer (jsonListParts): not scanned twice. */
  private readonly neutral: boolean;

  constructor(
    format: 'json' | 'yaml',
    private readonly lang: Lang,
  ) {
    this.parts = format === 'json' ? jsonListParts : yamlListParts;
    this.per = format === 'json' ? 256 : 64;
    this.neutral = format === 'json';
  }

  async add(items: Iterable<Diagnosis>): Promise<void> {
    // The head does not depend on the list's notes: any list gives it.
    const parts = this.parts({ apiVersion: 'kdiag/v1', kind: 'DiagnosisList', items: [] });
    let pending = '';
    for (const batch of inBatches(localItems(items, this.lang), this.per)) {
      pending += `${this.started ? '' : parts.head}${parts.batch(batch, !this.started)}`;
      this.started = true;
      if (pending.length >= 1 << 16) {
        await writeReportPiece(pending, undefined, this.neutral);
        pending = '';
      }
    }
    if (pending !== '') await writeReportPiece(pending, undefined, this.neutral);
  }

  /** The list's end: `list` without items (its notes are localised here). */
  async finish(list: DiagnosisList): Promise<void> {
    const parts = this.parts(localNotes({ ...list, items: [] }, this.lang));
    await writeReportPiece(this.started ? parts.tail : parts.empty, undefined, this.neutral);
  }
}
