import { formatINR } from '@showdown/shared/format';
import { t } from '../../../i18n';

/** An amount of the game's settings, in whole rupees. */
export const rupees = (amount: number) => formatINR(amount, { decimals: 0 });

/** The trade phase's length, as the settings show it. */
export const secondsText = (value: number) => t('{value} seconds', { value });
