// The neutralisation layer lives in src/text/ (below sources and reporters); reporters may keep importing it from here.
export { clip, neutralize } from '../text/neutralize.js';
