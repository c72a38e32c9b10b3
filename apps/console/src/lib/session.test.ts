import { afterEach, describe, expect, it } from 'vitest';
import { ownerSession } from '@/testing/fixtures.ts';
import { carriesPrerenderedScreen, takeEmbeddedSession } from './session.ts';

/** The page as the server sends it: the session in a JSON element of the head. */
function carry(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'storedesk-session';
  element.textContent = text;
  document.head.append(element);
}

afterEach(() => document.getElementById('storedesk-session')?.remove());

describe('the session the page carries', () => {
  it('is the signed-in session, taken out of the page so it is read once', () => {
    carry(JSON.stringify({ session: ownerSession }));
    expect(takeEmbeddedSession()).toEqual(ownerSession);
    expect(document.getElementById('storedesk-session')).toBeNull();
    expect(takeEmbeddedSession()).toBeUndefined();
  });

  it('is null for someone signed out', () => {
    carry('{"session":null}');
    expect(takeEmbeddedSession()).toBeNull();
  });

  it('is undefined, so the console asks the server, when the page carries none or garbage', () => {
    expect(takeEmbeddedSession()).toBeUndefined();
    for (const text of [
      '',
      '{',
      '[]',
      'null',
      '{"user":{}}',
      '{"session":"owner"}',
      '{"session":{"user":{}}}',
    ]) {
      carry(text);
      expect(takeEmbeddedSession(), text).toBeUndefined();
    }
  });
});

describe('a page that carries a screen made at build time', () => {
  const root = (prerendered?: string) => {
    const element = document.createElement('div');
    if (prerendered !== undefined) element.dataset.prerendered = prerendered;
    return element;
  };

  it('is hydrated at the address it was made for, when the page says nobody is signed in', () => {
    expect(carriesPrerenderedScreen(root('/sign-in'), null, '/sign-in')).toBe(true);
  });

  it('is built anew anywhere else, for someone signed in, or when the page carried no session', () => {
    expect(carriesPrerenderedScreen(root('/sign-in'), null, '/forgot-password')).toBe(false);
    expect(carriesPrerenderedScreen(root('/sign-in'), ownerSession, '/sign-in')).toBe(false);
    expect(carriesPrerenderedScreen(root('/sign-in'), undefined, '/sign-in')).toBe(false);
    expect(carriesPrerenderedScreen(root(), null, '/sign-in')).toBe(false);
  });
});
