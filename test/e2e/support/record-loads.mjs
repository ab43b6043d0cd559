// `node --import ./record-loads.mjs …`: appends the URL of every file: module Node loads to $KDIAG_LOAD_LOG
// (test/e2e/lazy-catalogues.test.ts reads it to see what a command's start path really loads).
import { register } from 'node:module';

register(new URL('./record-loads-hooks.mjs', import.meta.url), { data: { out: process.env.KDIAG_LOAD_LOG } });
