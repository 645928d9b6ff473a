/**
 * zod schemas of the whole Socket.IO protocol of `protocol.ts`, for its AsyncAPI document
 * (`GET /api/asyncapi.json`). One entry per event: the maps are typed by the event names of
 * `ServerToClientEvents` and `ClientToServerEvents`, and `ProtocolSchemasMatch` fails the
 * typecheck when a payload's schema and its TypeScript type differ, so an event added to
 * `protocol.ts` without its entry here does not compile.
 */
import { z } from './zod.ts';
import {
  mayhemCreateSchema,
  mayhemRespondSchema,
  orderbookSchema,
  priceUpdateSchema,
  tradeSchema,
} from './api.ts';
import {
  apiFailureSchema,
  brokerChangeSchema,
  firstPlayerSchema,
  gameSettingsSchema,
  gameStatusSchema,
  mayhemAverageDataSchema,
  mayhemDataSchema,
  orderbookDataSchema,
  portfolioSchema,
  priceUpdateDataSchema,
  priceChangeSchema,
  pricePointSchema,
  publicPlayerSchema,
  rankingEntrySchema,
  roleAnswerSchema,
  stockEntrySchema,
  undoneActionSchema,
  type AllTrue,
  type Same,
} from './api-answers.ts';
import type {
  Ack,
  ClientToServerEvents,
  GameSnapshot,
  ServerEventName,
  ServerEventPayload,
} from './protocol.ts';
import type { SocketCommandName } from './commands.ts';
import type { SpectatorSnapshot } from './spectator.ts';

/** A game id as the games table can hold it (int4): anything else is refused before any query. */
export const gameRefSchema = z.object({ game_id: z.number().int().min(1).max(2_147_483_647) });
/** A board's code (four characters) or a practice game's (six). */
export const spectateSchema = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^(?:[A-Z0-9]{4}|[A-Z0-9]{6})$/),
});

const int = () => z.number().int();

export const publicMayhemSchema = mayhemDataSchema.omit({ responded: true, my_response: true });

/** What every public game event carries: the game and its sequence number. */
const gameEvent = z.object({ seq: int(), game_id: int() });

const snapshotGame = z.object({
  id: int(),
  board_code: z.string(),
  status: gameStatusSchema,
  settings: gameSettingsSchema,
  first_player: firstPlayerSchema.nullable(),
  rematch_game_id: int()
    .nullable()
    .optional()
    .describe('A completed game’s rematch (a lobby on its board code), once there is one'),
  practice: z.boolean().optional().describe('A practice game against bots'),
});

export const gameSnapshotSchema = z.object({
  seq: int(),
  game: snapshotGame,
  players: z.array(publicPlayerSchema),
  stocks: z.array(stockEntrySchema),
  mayhem: publicMayhemSchema.nullable(),
  ranking: z.array(rankingEntrySchema).nullable(),
  price_history: z.array(pricePointSchema).optional(),
  online: z.array(int()).optional(),
  me: z
    .object({
      player_id: int(),
      role: roleAnswerSchema,
      portfolio: portfolioSchema.nullable(),
      mayhem_responded: z.boolean(),
    })
    .nullable(),
});

/** The table's screen: no starting funds, no private view, always the history and presence. */
export const spectatorSnapshotSchema = gameSnapshotSchema.extend({
  game: snapshotGame.extend({ settings: gameSettingsSchema.omit({ starting_funds: true }) }),
  me: z.null(),
  price_history: z.array(pricePointSchema),
  online: z.array(int()),
});

/** What the server sends, by event name. Spectator sockets get the public fields only. */
export const SERVER_EVENT_SCHEMAS = {
  'lobby:joined': gameEvent.extend({ player: publicPlayerSchema }),
  'player:updated': gameEvent.extend({ player: publicPlayerSchema }),
  'player:removed': gameEvent.extend({ player_id: int() }),
  'settings:changed': gameEvent.extend({ settings: gameSettingsSchema }),
  'game:started': gameEvent.extend({
    settings: gameSettingsSchema,
    stocks: z.array(stockEntrySchema),
    price_history: z.array(pricePointSchema).optional(),
  }),
  'firstPlayer:picked': gameEvent.extend(firstPlayerSchema.shape),
  'price:updated': gameEvent.extend(priceChangeSchema.shape).extend({
    point: pricePointSchema.optional(),
  }),
  'phase:started': gameEvent.extend({ ends_at: z.string(), duration: z.number() }),
  'phase:ended': gameEvent,
  'payday:given': gameEvent.extend({ amount: z.number(), paydays_given: int() }),
  'mayhem:created': gameEvent.extend({ mayhem: publicMayhemSchema }),
  'mayhem:responded': gameEvent.extend({ mayhem_id: int(), responses_count: int() }),
  'mayhem:averaged': gameEvent.extend({
    mayhem_id: int(),
    changes: z.array(priceChangeSchema),
    points: z.array(pricePointSchema).optional(),
  }),
  'game:ended': gameEvent.extend({ ranking: z.array(rankingEntrySchema) }),
  'presence:changed': z.object({ game_id: int(), online: z.array(int()) }),
  'board:moved': z.object({ code: z.string(), game_id: int() }),
  'portfolio:updated': z.object({ game_id: int(), portfolio: portfolioSchema }),
  'action:undone': gameEvent.extend(undoneActionSchema.shape),
  'recap:skipped': gameEvent,
  'game:rematch': gameEvent.extend({ rematch_game_id: int(), board_code: z.string() }),
  'broker:changed': gameEvent.extend(brokerChangeSchema.shape),
  'phase:paused': gameEvent.extend({ remaining_s: z.number() }),
  'phase:resumed': gameEvent.extend({ ends_at: z.string() }),
} satisfies Record<ServerEventName, z.ZodType>;

/** A command's acknowledgement: `{ data }`, or `{ error }` when refused. */
export const ackSchema = <T extends z.ZodType>(data: T) =>
  z.union([z.object({ data }), z.object({ error: apiFailureSchema.shape.error })]);

/** A game command's acknowledgement (commands.ts): the REST answer's data and message, or its failure. */
const commandAckSchema = <T extends z.ZodType>(data: T) =>
  z.union([
    z.object({ data, message: z.string().optional() }),
    z.object({ error: apiFailureSchema.shape.error.extend({ status: int() }) }),
  ]);
const mayhemRef = z.object({ mayhem_id: int() });

/** The game commands over the socket (commands.ts), each the REST body plus the path's id. */
const COMMAND_SCHEMAS = {
  'price:update': {
    payload: priceUpdateSchema.extend(gameRefSchema.shape),
    ack: commandAckSchema(priceUpdateDataSchema),
  },
  'orderbook:update': {
    payload: orderbookSchema.extend(gameRefSchema.shape),
    ack: commandAckSchema(orderbookDataSchema),
  },
  'payday:give': {
    payload: gameRefSchema,
    ack: commandAckSchema(z.object({ amount: z.number(), paydays_given: int() })),
  },
  'mayhem:create': {
    payload: mayhemCreateSchema.extend(gameRefSchema.shape),
    ack: commandAckSchema(mayhemDataSchema),
  },
  'mayhem:respond': {
    payload: mayhemRespondSchema.extend(mayhemRef.shape),
    ack: commandAckSchema(z.object({ mayhem_id: int(), responses_count: int() })),
  },
  'mayhem:average': { payload: mayhemRef, ack: commandAckSchema(mayhemAverageDataSchema) },
  'order:place': {
    payload: tradeSchema
      .extend(gameRefSchema.shape)
      .extend({ idempotency_key: z.string().optional() }),
    ack: commandAckSchema(portfolioSchema),
  },
} satisfies Record<SocketCommandName, { payload: z.ZodType; ack: z.ZodType }>;

/** What a client sends, by event name, and the acknowledgement it gets. */
export const CLIENT_EVENT_SCHEMAS = {
  'game:join': { payload: gameRefSchema, ack: ackSchema(gameSnapshotSchema) },
  'game:resync': { payload: gameRefSchema, ack: ackSchema(gameSnapshotSchema) },
  'game:leave': { payload: gameRefSchema, ack: ackSchema(z.object({ left: z.literal(true) })) },
  'board:spectate': { payload: spectateSchema, ack: ackSchema(spectatorSnapshotSchema) },
  ...COMMAND_SCHEMAS,
} satisfies Record<keyof ClientToServerEvents, { payload: z.ZodType; ack: z.ZodType }>;

type ClientEventName = keyof ClientToServerEvents;
type ClientPayload<E extends ClientEventName> = Parameters<ClientToServerEvents[E]>[0];
type ClientAck<E extends ClientEventName> = Parameters<Parameters<ClientToServerEvents[E]>[1]>[0];

export type ProtocolSchemasMatch = AllTrue<
  {
    [E in ServerEventName]: Same<z.infer<(typeof SERVER_EVENT_SCHEMAS)[E]>, ServerEventPayload<E>>;
  } & {
    // What the server reads once the payload is parsed (a command's ids are lenient on input).
    [E in ClientEventName as `${E} payload`]: Same<
      z.infer<(typeof CLIENT_EVENT_SCHEMAS)[E]['payload']>,
      ClientPayload<E>
    >;
  } & {
    [E in ClientEventName as `${E} ack`]: Same<
      z.infer<(typeof CLIENT_EVENT_SCHEMAS)[E]['ack']>,
      ClientAck<E>
    >;
  } & {
    GameSnapshot: Same<z.infer<typeof gameSnapshotSchema>, GameSnapshot>;
    SpectatorSnapshot: Same<z.infer<typeof spectatorSnapshotSchema>, SpectatorSnapshot>;
    Ack: Same<z.infer<ReturnType<typeof ackSchema<z.ZodNumber>>>, Ack<number>>;
  }
>;
