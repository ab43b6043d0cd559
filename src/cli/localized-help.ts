import { Help, type HelpConfiguration } from 'commander';
import type { HelpCatalogue } from '../i18n/help.js';
import { proseBoxWrap } from './help-layout.js';
import { columns } from '../report/width.js';

/** commander's help in another language (zh-TW): titles and descriptions translated, widths counted in columns, Chinese wrapped between characters. */
export function localizedHelp(catalogue: HelpCatalogue): HelpConfiguration {
  const base = Help.prototype;
  const helpText = (text: string): string => catalogue.text(text);
  return {
    styleTitle: (title) => catalogue.titles[title] ?? title,
    commandDescription(cmd) {
      return helpText(base.commandDescription.call(this, cmd));
    },
    subcommandDescription(cmd) {
      return helpText(base.subcommandDescription.call(this, cmd));
    },
    optionDescription(option) {
      return helpText(base.optionDescription.call(this, option));
    },
    argumentDescription(argument) {
      return helpText(base.argumentDescription.call(this, argument));
    },
    displayWidth: (text) => columns(text),
    boxWrap: proseBoxWrap,
  };
}
