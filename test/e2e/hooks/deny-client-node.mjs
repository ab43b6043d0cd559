// Preloaded with --import: any attempt to load @kubernetes/client-node fails loudly.
import { register } from 'node:module';

register('data:text/javascript,' + encodeURIComponent(`
export async function resolve(specifier, context, next) {
  if (specifier === '@kubernetes/client-node' || specifier.startsWith('@kubernetes/client-node/')) {
    throw new Error('KDIAG-TEST: @kubernetes/client-node was loaded');
  }
  return next(specifier, context);
}`));
