import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectLiveEvents } from './live-events';

class FakeSocket {
  static instances: FakeSocket[] = [];
  sent: string[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols?: string[],
  ) {
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.onclose?.({ code: 1000 });
  }
}

const create = (url: string, protocols?: string[]) => new FakeSocket(url, protocols) as unknown as WebSocket;

describe('connectLiveEvents', () => {
  beforeEach(() => {
    FakeSocket.instances = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('passes on contract events only, heartbeats every 10 s and reconnects 5 s after a drop', () => {
    const events: string[] = [];
    const stop = connectLiveEvents('the-token', (m) => events.push(m.event), create);
    const first = FakeSocket.instances[0]!;
    // The token is offered as the subprotocol, never put in the URL (which access logs keep).
    expect(first.url).toMatch(/\/boot\/websocket$/);
    expect(first.protocols).toEqual(['the-token']);
    first.onopen?.();
    first.onmessage?.({ data: JSON.stringify({ event: 'user.changed', data: { ids: ['1'] }, at: 1 }) });
    first.onmessage?.({ data: JSON.stringify({ event: 'user.changed', data: { ids: 'not-a-list' }, at: 1 }) });
    first.onmessage?.({ data: JSON.stringify({ event: 'unknown', data: {}, at: 1 }) });
    first.onmessage?.({ data: 'HeartBeat' });
    expect(events).toEqual(['user.changed']);

    vi.advanceTimersByTime(10_000);
    expect(first.sent).toEqual(['HeartBeat']);
    vi.advanceTimersByTime(6_000); // no answer to the heartbeat: the line is dead
    expect(first.closed).toBe(true);
    vi.advanceTimersByTime(5_000);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(FakeSocket.instances[1]!.protocols).toEqual(['the-token']);
    stop();
    expect(FakeSocket.instances[1]!.closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('does not reconnect when the server ended the session', () => {
    connectLiveEvents('t', () => undefined, create);
    FakeSocket.instances[0]!.onclose?.({ code: 4001 });
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });
});
