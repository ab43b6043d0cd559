/**
 * Reads `inputs` with at most `bound` reads under way and hands each result to `take` in the inputs' order.
 * A slot is freed only when its result has been taken, so at most `bound` results are ever held: memory is
 * bounded by the largest `bound` of them, never their sum. `read` must not reject (wrap its errors in R).
 */
export async function inOrder<T, R>(inputs: readonly T[], bound: number, read: (input: T) => Promise<R>, take: (input: T, result: R) => Promise<void> | void): Promise<void> {
  const pending: Array<Promise<R> | undefined> = [];
  let next = 0;
  const start = (): void => {
    if (next >= inputs.length) return;
    const i = next++;
    pending[i] = read(inputs[i]!);
  };
  for (let k = 0; k < Math.max(1, bound); k++) start();
  for (let i = 0; i < inputs.length; i++) {
    const result = await pending[i]!;
    pending[i] = undefined;
    await take(inputs[i]!, result);
    start();
  }
}
