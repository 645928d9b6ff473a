/**
 * The story of a finished game, taken from its report alone (the TV's recap plays it, the report
 * page shows it as still frames): the net-worth race round by round, the biggest trade, the
 * best single price move, what each market mayhem did and the paydays.
 *
 * The report has no trade phases as such; a round is the stretch of the timeline from one trade
 * phase's trades through the market moves that follow them (price updates, paydays, mayhem),
 * which is how a table plays: trade, then the broker moves the market.
 */
import type { GameReport, ReportEvent } from '@showdown/shared/api';

type Of<K extends ReportEvent['kind']> = Extract<ReportEvent, { kind: K }>;

export interface RecapStanding {
  player_id: number;
  username: string;
  avatar_id: number;
  /** A bot of a practice game: the race marks it as every screen does. */
  bot: boolean;
  net_worth: number;
}

/** The race at the end of a round (round 0 is the start), richest first. */
export interface RecapRound {
  round: number;
  standings: RecapStanding[];
}

export interface RecapStory {
  rounds: RecapRound[];
  /** The trade of the most rupees (quantity × price); the first of equals. */
  biggestTrade: Of<'trade'> | null;
  /** The price update or mayhem move of the largest percentage either way; the first of equals. */
  bestMove: (Of<'price_update'> | Of<'mayhem'>) | null;
  /** Each applied mayhem's moves, in order. */
  mayhems: GameReport['mayhems'];
  /** Paydays given and not undone, and what they gave each investor in all. */
  paydays: { count: number; total: number };
  /** The final standings, by rank (ties share a rank). */
  podium: GameReport['players'];
}

/** The most rounds the race shows; a longer game keeps its last rounds evenly spread. */
export const MAX_RACE_ROUNDS = 8;

const isMarketMove = (e: ReportEvent) => e.kind !== 'trade' && e.kind !== 'start';

/** The index of each round's last event: a market move followed by a trade, and the last one. */
export function roundEnds(events: readonly ReportEvent[]): number[] {
  const ends: number[] = [];
  events.forEach((event, i) => {
    const next = events[i + 1];
    if (i === 0 || next === undefined || (isMarketMove(event) && next.kind === 'trade')) {
      ends.push(i);
    }
  });
  return ends;
}

/** At most `max` of `items`, evenly spread, always the first and the last. */
export function spread<T>(items: readonly T[], max: number): T[] {
  if (items.length <= max) return [...items];
  const picked: T[] = [];
  for (let i = 0; i < max; i++) {
    picked.push(items[Math.round((i * (items.length - 1)) / (max - 1))]!);
  }
  return picked;
}

function standingsAt(report: GameReport, eventAt: number): RecapStanding[] {
  return report.players
    .map((p) => ({
      player_id: p.player_id,
      username: p.username,
      avatar_id: p.avatar_id,
      bot: p.bot ?? false,
      net_worth: p.net_worth[eventAt]?.net_worth ?? p.net_worth.at(-1)?.net_worth ?? 0,
    }))
    .sort((a, b) => b.net_worth - a.net_worth || a.player_id - b.player_id);
}

const moveSize = (e: Of<'price_update'> | Of<'mayhem'>) =>
  e.price_before === 0 ? 0 : Math.abs(e.price_after / e.price_before - 1);

function biggestTrade(events: readonly ReportEvent[]): Of<'trade'> | null {
  let best: Of<'trade'> | null = null;
  for (const e of events) {
    if (e.kind !== 'trade') continue;
    if (!best || e.quantity * e.price > best.quantity * best.price) best = e;
  }
  return best;
}

function bestMove(events: readonly ReportEvent[]): RecapStory['bestMove'] {
  let best: RecapStory['bestMove'] = null;
  for (const e of events) {
    if (e.kind !== 'price_update' && e.kind !== 'mayhem') continue;
    if (e.price_after === e.price_before) continue;
    if (!best || moveSize(e) > moveSize(best)) best = e;
  }
  return best;
}

function paydays(events: readonly ReportEvent[]): RecapStory['paydays'] {
  let count = 0;
  let total = 0;
  for (const e of events) {
    if (e.kind === 'payday') {
      count += 1;
      total += e.amount;
    } else if (e.kind === 'undo' && e.undone === 'payday') {
      count -= 1;
      total -= e.amount;
    }
  }
  return { count, total: Math.round(total * 100) / 100 };
}

export function recapStory(report: GameReport): RecapStory {
  const ends = roundEnds(report.events);
  const rounds = ends.map((eventAt, round) => ({
    round,
    standings: standingsAt(report, eventAt),
  }));
  return {
    rounds: spread(rounds, MAX_RACE_ROUNDS),
    biggestTrade: biggestTrade(report.events),
    bestMove: bestMove(report.events),
    mayhems: report.mayhems.filter((m) => m.effects.length > 0),
    paydays: paydays(report.events),
    podium: report.players,
  };
}
