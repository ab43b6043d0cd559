/** A spinner on stderr, only on a TTY (CI logs stay clean); sources report steps through `step`. */
export interface Progress {
  step(text: string): void;
  stop(): void;
}

export async function startProgress(enabled: boolean): Promise<Progress> {
  if (!enabled || !process.stderr.isTTY || process.env.CI) return { step: () => {}, stop: () => {} };
  const { default: ora } = await import('ora');
  const spinner = ora({ stream: process.stderr, text: 'connecting' }).start();
  return { step: (text) => (spinner.text = text), stop: () => spinner.stop() };
}
