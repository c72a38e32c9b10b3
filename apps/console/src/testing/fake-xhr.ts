import { vi } from 'vitest';

/**
 * An XMLHttpRequest that sends through the test's fetch (mockApi's handlers), so an upload with
 * progress is answered by the same handlers as every other call. It reports the body sent in
 * two steps, half and whole, as a browser reports a large upload.
 */
export function fakeXhr() {
  class FakeXhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    private responseHeaders = new Headers();

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getResponseHeader(name: string) {
      return this.responseHeaders.get(name);
    }
    abort() {
      this.onabort?.();
    }
    send(body: Blob) {
      const total = body.size;
      const progress = (loaded: number) =>
        this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
      void (async () => {
        progress(Math.floor(total / 2));
        progress(total);
        try {
          const response = await fetch(this.url, { method: this.method, headers: this.headers, body });
          this.status = response.status;
          this.responseHeaders = response.headers;
          this.responseText = await response.text();
          this.onload?.();
        } catch {
          this.onerror?.();
        }
      })();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}
