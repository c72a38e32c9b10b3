import type { LiveEvent } from '@storedesk/shared/events/schemas';

/** A stand-in for the browser's EventSource whose stream a test opens, feeds, drops and refuses. */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readonly url: string;
  readyState = FakeEventSource.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.(new Event('open'));
  }

  send(event: LiveEvent) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(event), lastEventId: event.id }));
  }

  /** The connection dropped: the browser is reconnecting by itself. */
  drop() {
    this.readyState = FakeEventSource.CONNECTING;
    this.onerror?.(new Event('error'));
  }

  /** The server refused the stream, so the browser will not reconnect by itself. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.(new Event('error'));
  }
}
