/**
 * `GET /api/asyncapi.json`: the AsyncAPI 3.0 document of the Socket.IO protocol, generated from
 * the schemas of every event (`@showdown/shared/protocol-schemas`). The application it
 * describes is the server: it sends the notifications and receives the commands (each command
 * is answered by its acknowledgement, the operation's reply).
 */
import type { z } from 'zod';
import { ANSWER_SCHEMAS } from '@showdown/shared/api-answers';
import { CONNECT_ERROR, MAX_SOCKETS_PER_USER, PROTOCOL_VERSION } from '@showdown/shared/protocol';
import {
  CLIENT_EVENT_SCHEMAS,
  SERVER_EVENT_SCHEMAS,
  gameSnapshotSchema,
  publicMayhemSchema,
  spectatorSnapshotSchema,
} from '@showdown/shared/protocol-schemas';
import { SchemaSet } from './schemas.ts';

/** What each event means, for people. */
const SERVER_EVENT_TEXT: Record<keyof typeof SERVER_EVENT_SCHEMAS, string> = {
  'lobby:joined': 'A player took a seat.',
  'player:updated': 'A player changed role or avatar.',
  'player:removed': 'The broker removed a player from the lobby.',
  'settings:changed': 'The broker changed the settings (or a phase opened or closed).',
  'game:started': 'The broker started the game: the opening prices.',
  'firstPlayer:picked': 'The broker drew who plays first.',
  'price:updated': 'The broker moved a price.',
  'phase:started': 'A trade phase opened; it ends at ends_at.',
  'phase:ended': 'The trade phase ended (its time ran out or the broker closed it).',
  'payday:given': 'Every investor was paid.',
  'mayhem:created': 'The broker opened a market mayhem list.',
  'mayhem:responded': 'An investor answered the list (no one’s answers are public).',
  'mayhem:averaged': 'The broker closed the list: these prices moved.',
  'game:ended': 'The game ended: the final ranking.',
  'presence:changed': 'Who of the seated players has a live socket now (carries no seq).',
  'board:moved': 'To a board’s spectators: a new game opened on the board code.',
  'portfolio:updated':
    'Private, to the owner only: the portfolio after a trade, payday or price move.',
  'action:undone':
    'The broker undid the last price update, payday or averaged list: changes bring the prices back, paydays_given is the count after it.',
  'recap:skipped':
    'The broker skipped the recap of this completed game: a TV playing it shows the podium.',
  'game:rematch':
    'The broker opened the rematch of this completed game on its board code: join rematch_game_id.',
  'broker:changed':
    'A new broker (a handover, or a claim once the broker was away): both seats’ new roles.',
  'phase:paused': 'The broker paused the trade phase with remaining_s left; orders wait.',
  'phase:resumed': 'The broker resumed the paused trade phase; it ends at ends_at.',
};

const CLIENT_EVENT_TEXT: Record<keyof typeof CLIENT_EVENT_SCHEMAS, string> = {
  'game:join': 'Join the game’s room (seated players only) and get a full snapshot.',
  'game:resync': 'A fresh snapshot, e.g. after a gap in seq.',
  'game:leave': 'Leave the game’s room.',
  'board:spectate': 'The read-only view of a board’s current game (no token needed).',
  'price:update': 'The broker moves a price (as POST /api/game/{id}/stocks).',
  'orderbook:update':
    'The broker opens or closes a trade phase (as PUT /api/game/{id}/update/orderbook).',
  'payday:give': 'The broker pays every investor (as PUT /api/game/{id}/payday).',
  'mayhem:create': 'The broker opens a market mayhem list (as POST /api/marketMayhem/game/{id}).',
  'mayhem:respond': 'An investor answers the list (as POST /api/marketMayhem/{id}/respond).',
  'mayhem:average': 'The broker averages the list (as POST /api/marketMayhem/{id}/average).',
  'order:place':
    'An investor buys or sells (as POST /api/game/{id}/stocks/trade; idempotency_key is its Idempotency-Key).',
};

/** An event name as a component key (`lobby:joined` → `lobby.joined`). */
export const messageKey = (event: string) => event.replace(/:/g, '.');

export function buildAsyncApiDocument() {
  const schemas = new SchemaSet(
    {
      ...ANSWER_SCHEMAS,
      PublicMayhem: publicMayhemSchema,
      GameSnapshot: gameSnapshotSchema,
      SpectatorSnapshot: spectatorSnapshotSchema,
    },
    { io: 'output', target: 'draft-7' },
  );
  const messages: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  const channelMessages: Record<string, unknown> = {};
  const message = (key: string, name: string, summary: string, schema: z.ZodType) => {
    messages[key] = { name, summary, payload: schemas.ref(schema, key) };
    channelMessages[key] = { $ref: `#/components/messages/${key}` };
    return { $ref: `#/channels/socket/messages/${key}` };
  };

  const CHANNEL = { $ref: '#/channels/socket' };
  /** The server sends a notification, or receives a command (answered by its `ack`). */
  const operation = (event: string, text: string, payload: z.ZodType, ack?: z.ZodType) => {
    const key = messageKey(event);
    const reply = ack && {
      channel: CHANNEL,
      messages: [message(`${key}.ack`, `${event} ack`, `The answer to ${event}.`, ack)],
    };
    operations[key] = {
      action: ack ? 'receive' : 'send',
      channel: CHANNEL,
      summary: `${event}: ${text}`,
      messages: [message(key, event, text, payload)],
      ...(reply ? { reply } : {}),
    };
  };
  for (const [event, schema] of Object.entries(SERVER_EVENT_SCHEMAS)) {
    operation(event, SERVER_EVENT_TEXT[event as keyof typeof SERVER_EVENT_TEXT], schema);
  }
  for (const [event, { payload, ack }] of Object.entries(CLIENT_EVENT_SCHEMAS)) {
    operation(event, CLIENT_EVENT_TEXT[event as keyof typeof CLIENT_EVENT_TEXT], payload, ack);
  }

  return {
    asyncapi: '3.0.0',
    info: {
      title: 'The Showdown companion: Socket.IO events',
      version: String(PROTOCOL_VERSION),
      description: [
        'One WebSocket per session (Socket.IO, transport websocket only), path /socket.io/.',
        'The handshake sends auth: { token: <access token>, protocol: PROTOCOL_VERSION } (no token:',
        'spectate only). A refused handshake’s connect_error message is one of',
        `${Object.values(CONNECT_ERROR).join(', ')} (at most ${MAX_SOCKETS_PER_USER} sockets per user).`,
        'Every public game event carries the game’s seq; a client that sees a gap asks game:resync.',
        'Spectator sockets receive the public fields only (no starting funds, never portfolio:updated).',
        'REST calls: /api/openapi.json (its page: /api/docs).',
      ].join(' '),
    },
    defaultContentType: 'application/json',
    channels: {
      socket: {
        address: '/',
        title: 'The default Socket.IO namespace',
        description: 'Every event travels on the one namespace; rooms are per game and per user.',
        messages: channelMessages,
      },
    },
    operations,
    components: { messages, schemas: schemas.toJson() },
  };
}

export type AsyncApiDocument = ReturnType<typeof buildAsyncApiDocument>;
