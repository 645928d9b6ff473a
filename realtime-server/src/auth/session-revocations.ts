/** Called with the id of a session (refresh-token family) that was just revoked. */
export type SessionRevokedListener = (sessionId: string) => void;

/**
 * The one place a revoked session is announced, on every node: logout and the reuse of a
 * rotated refresh token both end here after their database change. Anything that keeps
 * something per session (the live sockets, a cache of verified sessions) subscribes with
 * `onRevoked` and drops it; listeners run on the node that revoked and, through the Socket.IO
 * adapter, on every other node.
 */
export class SessionRevocations {
  private readonly listeners = new Set<SessionRevokedListener>();
  private broadcast: ((sessionId: string) => void) | undefined;

  /** Subscribes; returns the unsubscribe function. */
  onRevoked(listener: SessionRevokedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** How this node tells the others (set once the Socket.IO server and its adapter exist). */
  connect(broadcast: (sessionId: string) => void): void {
    this.broadcast = broadcast;
  }

  /** A session revoked on this node: its listeners run here, and the other nodes are told. */
  revoked(sessionId: string): void {
    this.notifyLocal(sessionId);
    this.broadcast?.(sessionId);
  }

  /** A session revoked on another node. */
  notifyLocal(sessionId: string): void {
    for (const listener of this.listeners) listener(sessionId);
  }
}
