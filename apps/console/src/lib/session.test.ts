import { afterEach, describe, expect, it } from 'vitest';
import { ownerSession } from '../testing/fixtures.ts';
import { takeEmbeddedSession } from './session.ts';

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
