/**
 * Game commands over the socket the device already holds (shared/src/commands.ts):
 * the same command and the same answer as the REST call, without a new HTTP request, its
 * headers and its per-request authentication. Used when the game's socket is connected; the
 * REST call otherwise, and for the refusals the HTTP client handles itself (an expired or
 * revoked token, a rate limit, a completed game), which the socket answered before doing
 * anything, so the REST call is the same command's first run.
 */
import type { ApiSuccess } from '@showdown/shared/api';
import {
  COMMAND_ANSWER_TIMEOUT_MS,
  type CommandAck,
  type CommandData,
  type CommandPayload,
  type SocketCommandName,
} from '@showdown/shared/commands';
import { ERROR_CODE } from '@showdown/shared/messages';
import { ApiError, NO_CONNECTION } from './api-client';
import { activeSocket } from './socket';

/**
 * Refusals the REST client knows how to handle (refresh, sign-out, back off, leave the game,
 * retry later).
 */
const REST_HANDLES: ReadonlySet<string> = new Set([
  ERROR_CODE.UNAUTHORIZED,
  ERROR_CODE.TOKEN_EXPIRED,
  ERROR_CODE.RATE_LIMITED,
  ERROR_CODE.GAME_COMPLETED,
  // The database briefly away: the REST call waits for its Retry-After and sends it again.
  ERROR_CODE.UNAVAILABLE,
]);

type Emit = (name: string, payload: unknown) => Promise<CommandAck<unknown>>;

/**
 * Runs the command over the live socket when it is connected, else `rest()`. A command whose
 * answer does not come is not sent again (it may have run), except an order: its
 * `idempotency_key` makes the REST retry answer the first run's answer.
 */
export async function sendCommand<E extends SocketCommandName>(
  name: E,
  payload: CommandPayload<E>,
  rest: () => Promise<ApiSuccess<CommandData<E>>>,
): Promise<ApiSuccess<CommandData<E>>> {
  const socket = activeSocket();
  if (!socket?.connected) return rest();
  let ack: CommandAck<CommandData<E>>;
  try {
    const timed = socket.timeout(COMMAND_ANSWER_TIMEOUT_MS) as unknown as { emitWithAck: Emit };
    ack = (await timed.emitWithAck(name, payload)) as CommandAck<CommandData<E>>;
  } catch {
    if ('idempotency_key' in payload && payload.idempotency_key) return rest();
    throw new ApiError(NO_CONNECTION, 0, 'NETWORK', null);
  }
  if ('data' in ack) {
    return ack.message === undefined
      ? { success: true, data: ack.data }
      : { success: true, data: ack.data, message: ack.message };
  }
  if (REST_HANDLES.has(ack.error.code)) return rest();
  const { code, message, status } = ack.error;
  throw new ApiError(message, status, code, { success: false, error: { code, message } });
}
