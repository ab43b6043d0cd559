/** The items in arrays of `per` (the last one shorter), read lazily: a streamed report renders one batch at a time. */
export function* inBatches<T>(items: Iterable<T>, per: number): Generator<T[]> {
  let batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length === per) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
