import { VxeSocketType, vxeSocketTimings } from '@cellsight/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/lib/session';
import { useGridSocket } from './use-grid-socket';

/** A socket the test drives: what the hook sent, and open, message and close from the "server". */
class FakeSocket {
  static opened: FakeSocket[] = [];
  readyState: number = WebSocket.CONNECTING;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols?: string[],
  ) {
    FakeSocket.opened.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = WebSocket.CLOSED;
    this.onclose?.();
  }
  open() {
    this.readyState = WebSocket.OPEN;
    this.onopen?.();
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent<string>);
  }
}
const connect = (url: string, protocols?: string[]) => new FakeSocket(url, protocols) as unknown as WebSocket;

describe('useGridSocket', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.opened = [];
    vi.spyOn(session, 'token', 'get').mockReturnValue('the-token');
    vi.spyOn(session, 'userInfo', 'get').mockReturnValue({ id: 'u-1' } as never);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('opens /vxeSocket/{userId}/{pageId}, hears other consoles’ updates and sends its own', () => {
    const onUpdate = vi.fn();
    const { result, unmount } = renderHook(() => useGridSocket('dict-items.d1', onUpdate, connect));
    const socket = FakeSocket.opened[0] as FakeSocket;
    // The token is offered as the subprotocol, never put in the URL (which access logs keep).
    expect(socket.url).toBe(`ws://${window.location.host}/boot/vxeSocket/u-1/dict-items.d1`);
    expect(socket.protocols).toEqual(['the-token']);
    act(() => socket.open());
    socket.receive({ type: VxeSocketType.UpdateVxeTable, data: { socketKey: 'd1', args: { changed: ['a'], removed: [] } } });
    socket.receive({ type: VxeSocketType.CommonSendDate, data: 'other' });
    socket.receive({ type: VxeSocketType.UpdateVxeTable, data: { args: {} } });
    expect(onUpdate).toHaveBeenCalledTimes(1);
    expect(onUpdate).toHaveBeenCalledWith({ socketKey: 'd1', args: { changed: ['a'], removed: [] } });

    result.current.send('d1', { changed: ['b'], removed: [] });
    expect(socket.sent).toEqual([{ type: VxeSocketType.UpdateVxeTable, data: { socketKey: 'd1', args: { changed: ['b'], removed: [] } } }]);
    unmount();
    expect(socket.readyState).toBe(WebSocket.CLOSED);
    act(() => vi.advanceTimersByTime(vxeSocketTimings.reconnectMs * 2));
    expect(FakeSocket.opened).toHaveLength(1);
  });

  it('sends a heartbeat every 10 s, closes a line silent 6 s after one, and reconnects 5 s later', () => {
    renderHook(() => useGridSocket('dict-items.d1', vi.fn(), connect));
    const first = FakeSocket.opened[0] as FakeSocket;
    act(() => first.open());
    act(() => vi.advanceTimersByTime(vxeSocketTimings.heartbeatMs));
    expect(first.sent).toEqual([{ type: VxeSocketType.HeartBeat, data: 'ping' }]);
    // Answered: the line stays.
    first.receive({ type: VxeSocketType.HeartBeat, data: 'pong' });
    act(() => vi.advanceTimersByTime(vxeSocketTimings.timeoutMs));
    expect(first.readyState).toBe(WebSocket.OPEN);
    // The next heartbeat goes unanswered: closed after 6 s, a new socket 5 s after that.
    act(() => vi.advanceTimersByTime(vxeSocketTimings.heartbeatMs - vxeSocketTimings.timeoutMs));
    act(() => vi.advanceTimersByTime(vxeSocketTimings.timeoutMs - 1));
    expect(first.readyState).toBe(WebSocket.OPEN);
    act(() => vi.advanceTimersByTime(1));
    expect(first.readyState).toBe(WebSocket.CLOSED);
    act(() => vi.advanceTimersByTime(vxeSocketTimings.reconnectMs - 1));
    expect(FakeSocket.opened).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeSocket.opened).toHaveLength(2);
  });
});
