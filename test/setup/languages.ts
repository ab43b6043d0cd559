// In-process tests render zh-TW through the synchronous accessors, as the CLI does after it has awaited
// loadLanguage() (src/i18n/load.ts). The CLI's own call is proven by the e2e tests, which spawn the built bin.
import { loadLanguage } from '../../src/i18n/load.js';

await loadLanguage('zh-TW');
