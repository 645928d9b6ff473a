import { ROLE, type Role } from '@showdown/shared/constants';
import { msg } from '../../../i18n';

export const BROKER_REQUIRED_NOTE = msg('At least one player must be a Broker to continue');
export const ONE_BROKER_HELP = msg(
  'In the game, there must be exactly one Broker; no more, no less',
);

export const ROLE_BUTTONS: readonly { role: Role; label: string }[] = [
  { role: ROLE.INVESTOR, label: msg("I'm Investor") },
  { role: ROLE.BROKER, label: msg("I'm Broker") },
  { role: ROLE.BOTH, label: msg("I'm Investor & Broker") },
];
