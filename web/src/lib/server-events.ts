import type { GameEventName, ServerEventName } from '@showdown/shared/protocol';

/** Every ServerToClientEvents name; `satisfies` makes a new protocol event a compile error here. */
const EVENTS = {
  'lobby:joined': true,
  'player:updated': true,
  'player:removed': true,
  'settings:changed': true,
  'game:started': true,
  'firstPlayer:picked': true,
  'price:updated': true,
  'phase:started': true,
  'phase:ended': true,
  'payday:given': true,
  'mayhem:created': true,
  'mayhem:responded': true,
  'mayhem:averaged': true,
  'game:ended': true,
  'portfolio:updated': true,
  'presence:changed': true,
  'board:moved': true,
  'broker:changed': true,
  'phase:paused': true,
  'phase:resumed': true,
  'action:undone': true,
  'recap:skipped': true,
  'game:rematch': true,
} as const satisfies Record<ServerEventName, true>;

export const SERVER_EVENT_NAMES = Object.keys(EVENTS) as ServerEventName[];

const NOT_GAME_EVENTS = new Set<ServerEventName>([
  'portfolio:updated',
  'presence:changed',
  'board:moved',
]);

/** The public game events (they carry seq): not the private portfolio, presence or board moves. */
export const GAME_EVENT_NAMES = SERVER_EVENT_NAMES.filter(
  (name): name is GameEventName => !NOT_GAME_EVENTS.has(name),
);
