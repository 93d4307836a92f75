import type { UplinkKind } from '@cellsight/contract';

/** Acknowledges one uplink message; with an error the message is left for redelivery. */
export type UplinkDone = (error?: Error) => void;

/** What the platform wants from whichever broker carries device traffic. */
export interface UplinkHandler {
  message(gsn: string, kind: UplinkKind, payload: Buffer, done: UplinkDone): void;
  /** A logger tried a topic outside its own. */
  refused(gsn: string, topic: string): void;
  /** A client announced a packet over `maxPacketBytes`; the broker closed its connection without reading it. */
  tooLarge(gsn: string, bytes: number): void;
  /** A logger's connection ended (embedded broker only; an external broker reports through wills). */
  disconnected?(gsn: string): void;
  /**
   * A logger subscribed to its command topic, so it can take commands now (embedded broker only:
   * an external broker keeps each logger's session and its queued commands itself).
   */
  subscribed?(gsn: string): void;
}

export interface DeviceTransport {
  readonly kind: 'embedded' | 'external';
  start(): Promise<void>;
  /** Publishes a command (QoS 1); resolves once the broker has taken it. */
  publish(topic: string, payload: Buffer): Promise<void>;
  /** Back-pressure: stop and restart reading device traffic. */
  pause(): void;
  resume(): void;
  /**
   * Drops a logger's connection at once (its key was changed, so its password is no longer
   * valid); it must reconnect with the new one. An external broker does this itself when the
   * platform changes the logger's account.
   */
  disconnect?(gsn: string): void;
  close(): Promise<void>;
}
