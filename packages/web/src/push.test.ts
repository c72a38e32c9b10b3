import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from './api.ts';
import { isPushOn, pushSupported, turnOffPush, turnOnPush } from './push.ts';
import { usePush } from './use-push.ts';

/** The browser's push: permission, the worker's registration and its subscription. */
const browser = {
  permission: 'default' as NotificationPermission,
  /** What the person answers when asked. */
  answer: 'granted' as NotificationPermission,
  subscription: null as null | {
    endpoint: string;
    toJSON: () => unknown;
    unsubscribe: () => Promise<boolean>;
  },
  subscribedWith: [] as Array<{ userVisibleOnly: boolean; applicationServerKey: Uint8Array }>,
  unsubscribed: 0,
};

function subscription(endpoint: string) {
  return {
    endpoint,
    toJSON: () => ({ endpoint, keys: { p256dh: 'p', auth: 'a' } }),
    unsubscribe: async () => {
      browser.unsubscribed++;
      browser.subscription = null;
      return true;
    },
  };
}

function stubBrowser() {
  browser.permission = 'default';
  browser.answer = 'granted';
  browser.subscription = null;
  browser.subscribedWith = [];
  browser.unsubscribed = 0;
  const registration = {
    pushManager: {
      getSubscription: async () => browser.subscription,
      subscribe: async (options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
        browser.subscribedWith.push(options);
        browser.subscription = subscription('https://push.example/new');
        return browser.subscription;
      },
    },
  };
  vi.stubGlobal('isSecureContext', true);
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', {
    get permission() {
      return browser.permission;
    },
    requestPermission: async () => {
      browser.permission = browser.answer;
      return browser.answer;
    },
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
}

/** The app's API: what it was asked, answering the server's key. */
function stubApi(fail = false) {
  const asked: string[] = [];
  const api = (async (method: string, path: string, body?: unknown) => {
    asked.push(`${method} ${path}${body === undefined ? '' : ` ${JSON.stringify(body)}`}`);
    if (fail) throw new Error('offline');
    if (path === '/push/public-key') return { publicKey: 'BOr-_w' };
    return undefined;
  }) as ApiClient;
  return { api, asked };
}

beforeEach(stubBrowser);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

describe('push notifications on this device', () => {
  it('are supported only on a secure page with a worker, push and notifications', () => {
    expect(pushSupported()).toBe(true);
    vi.stubGlobal('isSecureContext', false);
    expect(pushSupported()).toBe(false);
  });

  it('turn on: asked for, subscribed with the server’s key, and the subscription sent', async () => {
    const { api, asked } = stubApi();
    expect(await turnOnPush(api)).toBe('on');
    expect(browser.subscribedWith).toEqual([
      { userVisibleOnly: true, applicationServerKey: new Uint8Array([0x04, 0xea, 0xfe, 0xff]) },
    ]);
    expect(asked).toEqual([
      'GET /push/public-key',
      'POST /push-subscriptions {"endpoint":"https://push.example/new","keys":{"p256dh":"p","auth":"a"}}',
    ]);
    expect(await isPushOn()).toBe(true);
  });

  it('turn on with the subscription the browser already has', async () => {
    browser.subscription = subscription('https://push.example/kept');
    const { api, asked } = stubApi();
    expect(await turnOnPush(api)).toBe('on');
    expect(browser.subscribedWith).toEqual([]);
    expect(asked[1]).toBe(
      'POST /push-subscriptions {"endpoint":"https://push.example/kept","keys":{"p256dh":"p","auth":"a"}}',
    );
  });

  it('stay off when the person says no, and the server is not asked', async () => {
    browser.answer = 'denied';
    const { api, asked } = stubApi();
    expect(await turnOnPush(api)).toBe('refused');
    expect(asked).toEqual([]);
    expect(await isPushOn()).toBe(false);
  });

  it('are not on once notifications are blocked, even with a subscription left in the browser', async () => {
    browser.permission = 'denied';
    browser.subscription = subscription('https://push.example/kept');
    expect(await isPushOn()).toBe(false);
    browser.permission = 'granted';
    expect(await isPushOn()).toBe(true);
  });

  it('turn off: the server forgets the device, then the browser does', async () => {
    browser.permission = 'granted';
    browser.subscription = subscription('https://push.example/kept');
    const { api, asked } = stubApi();
    await turnOffPush(api);
    expect(asked).toEqual(['DELETE /push-subscriptions {"endpoint":"https://push.example/kept"}']);
    expect(browser.unsubscribed).toBe(1);
    expect(await isPushOn()).toBe(false);
  });

  it('turning off without a subscription asks nothing, and a failure keeps the browser’s', async () => {
    const none = stubApi();
    await turnOffPush(none.api);
    expect(none.asked).toEqual([]);

    browser.subscription = subscription('https://push.example/kept');
    const failing = stubApi(true);
    await expect(turnOffPush(failing.api)).rejects.toThrow('offline');
    expect(browser.unsubscribed).toBe(0);
  });
});

describe('a “notify me” control', () => {
  it('says refused where the browser blocks notifications', () => {
    browser.permission = 'denied';
    const { result } = renderHook(() => usePush(stubApi().api, { check: true }));
    expect(result.current.state).toBe('refused');
  });

  it('checks whether the device is subscribed, when asked to', async () => {
    browser.permission = 'granted';
    browser.subscription = subscription('https://push.example/kept');
    const checking = renderHook(() => usePush(stubApi().api, { check: true }));
    expect(checking.result.current.state).toBe('checking');
    await act(async () => undefined);
    expect(checking.result.current.state).toBe('on');

    const unchecked = renderHook(() => usePush(stubApi().api, { check: false }));
    await act(async () => undefined);
    expect(unchecked.result.current.state).toBe('off');
  });

  it('turns on through working', async () => {
    let permit!: () => void;
    vi.stubGlobal('Notification', {
      permission: 'default',
      requestPermission: () =>
        new Promise<NotificationPermission>((resolve) => {
          permit = () => resolve('granted');
        }),
    });
    const { result } = renderHook(() => usePush(stubApi().api, { check: false }));
    let on!: Promise<void>;
    act(() => {
      on = result.current.turnOn();
    });
    expect(result.current.state).toBe('working');
    await act(async () => {
      permit();
      await on;
    });
    expect(result.current.state).toBe('on');
  });

  it('says failed when it could not turn on', async () => {
    const failing = renderHook(() => usePush(stubApi(true).api, { check: false }));
    await act(() => failing.result.current.turnOn());
    expect(failing.result.current.state).toBe('failed');
  });

  it('turns off', async () => {
    browser.permission = 'granted';
    browser.subscription = subscription('https://push.example/kept');
    const { result } = renderHook(() => usePush(stubApi().api, { check: true }));
    await act(async () => undefined);
    await act(() => result.current.turnOff());
    expect(result.current.state).toBe('off');
  });
});
