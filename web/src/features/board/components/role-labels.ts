import { ROLE, type Role } from '@showdown/shared/constants';

export const BROKER_REQUIRED_NOTE = 'At least one player must be a Broker to continue';
export const ONE_BROKER_HELP = 'In the game, there must be exactly one Broker; no more, no less';

export const ROLE_BUTTONS: readonly { role: Role; label: string }[] = [
  { role: ROLE.INVESTOR, label: "I'm Investor" },
  { role: ROLE.BROKER, label: "I'm Broker" },
  { role: ROLE.BOTH, label: "I'm Investor & Broker" },
];
