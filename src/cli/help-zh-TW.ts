import { Help, type HelpConfiguration } from 'commander';
import { HELP_TITLES, helpText } from '../i18n/help.zh-TW.js';
import { cjkWrap, hasCJK } from '../report/cjk-wrap.js';
import { columns } from '../report/width.js';

/** commander's help in zh-TW: titles and descriptions translated, widths counted in columns, Chinese wrapped between characters. */
export function zhTWHelp(): HelpConfiguration {
  const base = Help.prototype;
  return {
    styleTitle: (title) => HELP_TITLES[title] ?? title,
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
    boxWrap(text, width) {
      return hasCJK(text) ? cjkWrap(text, width).join('\n') : base.boxWrap.call(this, text, width);
    },
  };
}
