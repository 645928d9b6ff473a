/**
 * Game commands over the socket a device already holds: the broker's price moves,
 * trade phases, paydays and market mayhem, and the investors' orders, as Socket.IO events with
 * an acknowledgement. Each runs the same service as its REST route (docs/architecture.md), with the
 * same body schema, permissions, Idempotency-Key semantics and answer: `{ data, message }` as
 * the REST answer's, or `{ error: { code, message, status } }` with the REST failure's code,
 * message and HTTP status (and `retry_after`, the Retry-After header's seconds, with a 503). A payload is the REST body plus the id the REST path names
 * (`game_id`, or `mayhem_id` for a mayhem list), and an order's `idempotency_key` (the
 * `Idempotency-Key` header's value).
 */
import type {
  MayhemAverageData,
  MayhemCreateInput,
  MayhemData,
  MayhemRespondInput,
  OrderbookData,
  Portfolio,
  PriceUpdateData,
  PriceUpdateInput,
  TradeInput,
} from './api.ts';
import type { OrderbookStatus } from './constants.ts';
import type { ErrorCode } from './messages.ts';

/** The answer of a socket command: the REST answer's data and message, or its failure. */
export type CommandAck<T> =
  | { data: T; message?: string }
  | { error: { code: ErrorCode; message: string; status: number; retry_after?: number } };

/**
 * How long a device waits for a command's answer. The server drops a command that has not reached
 * the database by then (its device has given up: an order is retried with its key over REST).
 */
export const COMMAND_ANSWER_TIMEOUT_MS = 10_000;

type GameRef = { game_id: number };
type MayhemRef = { mayhem_id: number };

/** Each command's payload and the data of its answer. */
export interface SocketCommands {
  /** POST /api/game/{id}/stocks */
  'price:update': [GameRef & PriceUpdateInput, PriceUpdateData];
  /** PUT /api/game/{id}/update/orderbook */
  'orderbook:update': [GameRef & { orderbook_status: OrderbookStatus }, OrderbookData];
  /** PUT /api/game/{id}/payday */
  'payday:give': [GameRef, { amount: number; paydays_given: number }];
  /** POST /api/marketMayhem/game/{id} */
  'mayhem:create': [GameRef & MayhemCreateInput, MayhemData];
  /** POST /api/marketMayhem/{id}/respond */
  'mayhem:respond': [
    MayhemRef & MayhemRespondInput,
    { mayhem_id: number; responses_count: number },
  ];
  /** POST /api/marketMayhem/{id}/average */
  'mayhem:average': [MayhemRef, MayhemAverageData];
  /** POST /api/game/{id}/stocks/trade (with its Idempotency-Key header as `idempotency_key`) */
  'order:place': [GameRef & TradeInput & { idempotency_key?: string }, Portfolio];
}

export type SocketCommandName = keyof SocketCommands;
export type CommandPayload<E extends SocketCommandName> = SocketCommands[E][0];
export type CommandData<E extends SocketCommandName> = SocketCommands[E][1];

export const SOCKET_COMMAND_NAMES: readonly SocketCommandName[] = [
  'price:update',
  'orderbook:update',
  'payday:give',
  'mayhem:create',
  'mayhem:respond',
  'mayhem:average',
  'order:place',
];

/** The commands as Socket.IO client-to-server events (merged into the protocol's list). */
export type SocketCommandEvents = {
  [E in SocketCommandName]: (
    payload: CommandPayload<E>,
    ack: (res: CommandAck<CommandData<E>>) => void,
  ) => void;
};
