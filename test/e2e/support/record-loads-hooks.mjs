// Module hooks (they run on Node's loader thread) for record-loads.mjs.
import { appendFileSync } from 'node:fs';

let out;

export function initialize(data) {
  out = data?.out;
}

export async function load(url, context, nextLoad) {
  if (out && url.startsWith('file:')) appendFileSync(out, `${url}\n`);
  return nextLoad(url, context);
}
