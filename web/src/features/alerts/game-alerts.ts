/**
 * What a player is told when the game moves, wherever they are: one alert per event that matters
 * (a phase starting or ending, a payday, a mayhem list opening or being applied), with the action
 * that takes them to the right screen. Pure: the app shell shows it.
 */
import { formatINR } from '@showdown/shared/format';
import type { GameEventName, GameEventPayload, GameSnapshot } from '@showdown/shared/protocol';
import { GAME_STATUS, ORDERBOOK, ROLE, type Role } from '@showdown/shared/constants';
import { isTradePhaseOpen, phaseSecondsLeft, type PhaseFacts } from '@showdown/shared/phase';
import { isBrokerRole, isInvestorRole } from '@showdown/shared/roles';
import { serverText, t } from '../../i18n';
import type { Buzz } from '../../lib/haptics';
import type { Cue } from '../../lib/sound/sound';
import { PHASE_ENDED_KEY } from '../../components/ui/toasts';

export interface GameAlert {
  message: string;
  /** The tab title while the page is hidden, e.g. '● Trade phase open'. */
  title: string;
  /** A button in the snackbar that goes to the screen where the player can act. */
  action?: { label: string; to: string };
  /**
   * What the alert says is true for a while: a newer alert on it replaces this one, and it is
   * taken away when it stops being true (see withdrawnBy, withdrawnBySnapshot).
   */
  topic?: AlertTopic;
  /** A fixed toast key: a toast already showing with it (the Monitor's own) is not joined. */
  key?: string;
  /** The sound it makes where the player turned alert sounds on (a chime when not given). */
  cue?: Cue;
  /** The vibration, for the moments that need the player's eyes (an investor's phase, a list). */
  buzz?: Buzz;
}

/** 'trade-phase-open': investors can trade now ("Trade phase open", "Trade phase resumed"). */
export type AlertTopic = 'trade-phase-open';

/** A paused, closed or ended phase is not open to trade: "Trade now" would be untrue. */
const WITHDRAWN_BY: { [E in GameEventName]?: AlertTopic } = {
  'phase:paused': 'trade-phase-open',
  'phase:ended': 'trade-phase-open',
  'game:ended': 'trade-phase-open',
};

/** The topic an applied event makes untrue, if any. */
export function withdrawnBy(name: GameEventName): AlertTopic | null {
  return WITHDRAWN_BY[name] ?? null;
}

type Alerts = {
  [E in GameEventName]?: (event: GameEventPayload<E>, role: Role | null) => GameAlert | null;
};

const ALERTS: Alerts = {
  'phase:started': ({ duration }, role) => ({
    message: t('Trade phase open: {duration} s to trade', { duration }),
    title: `● ${t('Trade phase open')}`,
    ...(isInvestorRole(role) && {
      action: { label: t('Trade now'), to: '/trade' },
      buzz: 'phase-open' as const,
    }),
    topic: 'trade-phase-open',
    cue: 'phase-open',
  }),
  // The broker, who tapped Resume, sees the phase panel run again.
  'phase:resumed': (_event, role) =>
    isBrokerRole(role)
      ? null
      : {
          message: t('Trade phase resumed'),
          title: `● ${t('Trade phase resumed')}`,
          ...(isInvestorRole(role) && {
            action: { label: t('Trade now'), to: '/trade' },
            buzz: 'phase-open' as const,
          }),
          topic: 'trade-phase-open',
          cue: 'phase-open',
        },
  'phase:ended': (_event, role) => ({
    message: t('Trade phase closed'),
    title: `● ${t('Trade phase closed')}`,
    ...(isInvestorRole(role) && { action: { label: t('My holdings'), to: '/portfolio' } }),
    key: PHASE_ENDED_KEY,
    cue: 'phase-end',
  }),
  'payday:given': ({ amount, paydays_given }, role) =>
    role === ROLE.BROKER
      ? {
          message: t('Payday {number} given: {amount} to every investor', {
            number: paydays_given,
            amount: formatINR(amount),
          }),
          title: `● ${t('Payday')}`,
          cue: 'payday',
        }
      : {
          message: t('Payday! {amount} added to your cash', { amount: formatINR(amount) }),
          title: `● ${t('Payday')} +${formatINR(amount)}`,
          action: { label: t('My holdings'), to: '/portfolio' },
          cue: 'payday',
        },
  'mayhem:created': (_event, role) => ({
    message: isInvestorRole(role)
      ? t('Market Mayhem is open: pick your percentages')
      : t('Market Mayhem list is open'),
    title: `● ${t('Market Mayhem open')}`,
    action: { label: isInvestorRole(role) ? t('Respond') : t('View'), to: '/market-mayhem' },
    cue: 'mayhem',
    // Investors have a list to answer.
    ...(isInvestorRole(role) && { buzz: 'mayhem' as const }),
  }),
  'mayhem:averaged': ({ changes }) =>
    mayhemApplied(changes.filter((c) => c.price !== c.previous_price).length),
  // The broker sees their own undo's answer; everyone else is told what changed back.
  'action:undone': ({ label }, role) =>
    role === ROLE.BROKER
      ? null
      : { message: t('Broker: {label}', { label: serverText(label) }), title: `● ${t('Undone')}` },
};

function mayhemApplied(moved: number): GameAlert {
  return {
    message:
      moved > 0
        ? moved === 1
          ? t('Market Mayhem applied: {moved} price moved', { moved })
          : t('Market Mayhem applied: {moved} prices moved', { moved })
        : t('Market Mayhem applied: no price moved'),
    title: `● ${t('Market Mayhem applied')}`,
    action: { label: t('See prices'), to: '/stock-prices' },
    cue: 'mayhem-applied',
  };
}

/** The alert for one applied event, or null when it needs none (cues show it on screen). */
export function alertFor<E extends GameEventName>(
  name: E,
  event: GameEventPayload<E>,
  role: Role | null,
): GameAlert | null {
  const make: Alerts[E] = ALERTS[name];
  return make ? make(event, role) : null;
}

/** The topic a fresh snapshot shows is no longer true: no phase open to trade (paused, closed). */
export function withdrawnBySnapshot(after: GameSnapshot, now: number): AlertTopic | null {
  const open = after.game.status === GAME_STATUS.RUNNING && isTradePhaseOpen(phaseOf(after), now);
  return open ? null : 'trade-phase-open';
}

/** The game's trade phase as the shared rule reads it. */
function phaseOf(game: GameSnapshot): PhaseFacts {
  const { orderbook_status, ends_at } = game.game.settings;
  return { orderbookStatus: orderbook_status, endsAt: ends_at };
}

/** How many prices the mayhem lists averaged between `before` and `after` moved. */
function mayhemMoves(before: GameSnapshot, after: GameSnapshot): number {
  const history = after.price_history ?? [];
  const known = before.price_history?.length ?? history.length;
  const last = new Map<number, number>();
  let moved = 0;
  history.forEach((point, i) => {
    if (i >= known && point.cause === 'mayhem' && last.get(point.stock_id) !== point.price) {
      moved += 1;
    }
    last.set(point.stock_id, point.price);
  });
  return moved;
}

/**
 * The alerts a fresh snapshot shows this device missed: the events it never received, because it
 * joined late, came back after a gap (a resync), or was reloaded. `before` is what the device
 * showed (null, another game or a provisional one: nothing known, so only what is open now is
 * told). An alert already raised by an event is not raised again: the snapshot then matches.
 */
export function alertsForSnapshot(
  before: GameSnapshot | null,
  after: GameSnapshot,
  role: Role | null,
  now: number,
): GameAlert[] {
  if (after.game.status !== GAME_STATUS.RUNNING) return [];
  const known =
    before !== null && before.game.id === after.game.id && before.seq > 0 ? before : null;
  if (known && known.seq >= after.seq) return [];
  const event = { seq: after.seq, game_id: after.game.id };
  const alerts: Array<GameAlert | null> = [];

  const was = known ? isTradePhaseOpen(phaseOf(known), now) : false;
  const duration = phaseSecondsLeft(phaseOf(after), now);
  const endsAt = after.game.settings.ends_at;
  if (duration !== null && endsAt !== null && (!was || known?.game.settings.ends_at !== endsAt)) {
    alerts.push(alertFor('phase:started', { ...event, ends_at: endsAt, duration }, role));
  } else if (
    after.game.settings.orderbook_status === ORDERBOOK.OFF &&
    known?.game.settings.orderbook_status === ORDERBOOK.ON
  ) {
    alerts.push(alertFor('phase:ended', event, role));
  }

  if (known) {
    const { payday_increment: amount, paydays_given: given } = after.game.settings;
    for (let n = known.game.settings.paydays_given + 1; n <= given; n += 1) {
      alerts.push(alertFor('payday:given', { ...event, amount, paydays_given: n }, role));
    }
    if (known.mayhem && known.mayhem.id !== after.mayhem?.id) {
      alerts.push(mayhemApplied(mayhemMoves(known, after)));
    }
  }

  const { mayhem } = after;
  const newList = known ? known.mayhem?.id !== mayhem?.id : after.me?.mayhem_responded === false;
  if (mayhem?.status === 'open' && newList) {
    alerts.push(alertFor('mayhem:created', { ...event, mayhem }, role));
  }
  return alerts.filter((alert) => alert !== null);
}
