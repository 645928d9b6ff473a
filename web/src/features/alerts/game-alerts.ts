/**
 * What a player is told when the game moves, wherever they are: one alert per event that matters
 * (a phase starting or ending, a payday, a mayhem list opening or being applied), with the action
 * that takes them to the right screen. Pure: the app shell shows it.
 */
import { formatINR } from '@showdown/shared/format';
import type { GameEventName, GameEventPayload } from '@showdown/shared/protocol';
import { ROLE, type Role } from '@showdown/shared/constants';
import { isInvestorRole } from '@showdown/shared/roles';

export interface GameAlert {
  message: string;
  /** The tab title while the page is hidden, e.g. '● Trade phase open'. */
  title: string;
  /** A button in the snackbar that goes to the screen where the player can act. */
  action?: { label: string; to: string };
}

type Alerts = {
  [E in GameEventName]?: (event: GameEventPayload<E>, role: Role | null) => GameAlert | null;
};

const ALERTS: Alerts = {
  'phase:started': ({ duration }, role) => ({
    message: `Trade phase open: ${duration} s to trade`,
    title: '● Trade phase open',
    ...(isInvestorRole(role) && { action: { label: 'Trade now', to: '/trade' } }),
  }),
  'phase:ended': (_event, role) => ({
    message: 'Trade phase closed',
    title: '● Trade phase closed',
    ...(isInvestorRole(role) && { action: { label: 'My holdings', to: '/portfolio' } }),
  }),
  'payday:given': ({ amount, paydays_given }, role) =>
    role === ROLE.BROKER
      ? {
          message: `Payday ${paydays_given} given: ${formatINR(amount)} to every investor`,
          title: '● Payday',
        }
      : {
          message: `Payday! ${formatINR(amount)} added to your cash`,
          title: `● Payday +${formatINR(amount)}`,
          action: { label: 'My holdings', to: '/portfolio' },
        },
  'mayhem:created': (_event, role) => ({
    message: isInvestorRole(role)
      ? 'Market Mayhem is open: pick your percentages'
      : 'Market Mayhem list is open',
    title: '● Market Mayhem open',
    action: { label: isInvestorRole(role) ? 'Respond' : 'View', to: '/market-mayhem' },
  }),
  'mayhem:averaged': ({ changes }) => {
    const moved = changes.filter((c) => c.price !== c.previous_price).length;
    return {
      message:
        moved > 0
          ? `Market Mayhem applied: ${moved} price${moved === 1 ? '' : 's'} moved`
          : 'Market Mayhem applied: no price moved',
      title: '● Market Mayhem applied',
      action: { label: 'See prices', to: '/stock-prices' },
    };
  },
};

/** The alert for one applied event, or null when it needs none (cues show it on screen). */
export function alertFor<E extends GameEventName>(
  name: E,
  event: GameEventPayload<E>,
  role: Role | null,
): GameAlert | null {
  const make: Alerts[E] = ALERTS[name];
  return make ? make(event, role) : null;
}
