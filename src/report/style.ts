import { Chalk, type ChalkInstance } from 'chalk';

/** The colours a reporter may use; a level-0 Chalk when colour is off, so reporters never branch on it. */
export type Paint = ChalkInstance;

export function paint(color: boolean): Paint {
  return new Chalk({ level: color ? 1 : 0 });
}
