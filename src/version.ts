declare const KDIAG_VERSION: string | undefined;

/** Set at build time by esbuild; `0.0.0-dev` when running from source (tests). */
export const VERSION: string = typeof KDIAG_VERSION === 'string' ? KDIAG_VERSION : '0.0.0-dev';
