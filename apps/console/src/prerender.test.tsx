// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { withScreen } from '../scripts/prerender-page.ts';
import { prerenderSignedOut } from './prerender.tsx';

/** Every class of Emotion's (`css-…`) the markup uses. */
function emotionClasses(html: string): Set<string> {
  return new Set(
    [...html.matchAll(/class="([^"]*)"/g)]
      .flatMap(([, list]) => list!.split(' '))
      .filter((name) => name.startsWith('css-')),
  );
}

/** The names of the styles the head carries, as Emotion marks them for the browser's cache to find. */
function carriedStyles(head: string): Set<string> {
  return new Set(
    [...head.matchAll(/<style data-emotion="css ([^"]*)"/g)].flatMap(([, ids]) =>
      ids!.split(' ').map((id) => `css-${id}`),
    ),
  );
}

describe('the sign-in page made at build time', () => {
  it('is the sign-in form as someone signed out sees it first, with the styles of all it shows', async () => {
    const { head, body } = await prerenderSignedOut('/sign-in');
    expect(body).toContain('<h1');
    expect(body).toContain('Sign in to manage your stores.');
    expect(body).toMatch(/<input[^>]*type="email"[^>]*name="email"/);
    expect(body).toMatch(/<input[^>]*type="password"[^>]*name="password"/);
    // Disabled until both fields are filled in, as the live form is: Enter sends nothing before the code arrives.
    expect(body).toMatch(
      /<button[^>]*type="submit"[^>]*disabled=""[^>]*>(?:(?!<\/button>)[\s\S])*Sign in now/,
    );
    expect(body).toMatch(/<form[^>]*method="post"/);
    expect(body).toContain('<title>Sign in · Storedesk</title>');
    const used = emotionClasses(body);
    expect(used.size).toBeGreaterThan(10);
    const carried = carriedStyles(head);
    expect([...used].filter((name) => !carried.has(name))).toEqual([]);
    // The theme's colours and the page's base styles, as globals the browser's Emotion takes over.
    expect(head).toContain('<style data-emotion="css-global');
    expect(head).toContain('--mui-palette-primary-main');
  });

  it("sets light or dark before the first paint, from this browser's choice, as the console's provider reads it", async () => {
    const { head } = await prerenderSignedOut('/sign-in');
    const script = /<script>([\s\S]*?)<\/script>/.exec(head)?.[1];
    expect(script).toBeDefined();
    const run = (stored: string | null) => {
      const classes = new Set<string>();
      const scope = {
        localStorage: { getItem: (key: string) => (key === 'mui-mode' ? stored : null) },
        window: { matchMedia: () => ({ matches: true }) },
        document: {
          documentElement: {
            classList: { add: (name: string) => classes.add(name), remove: () => undefined },
          },
        },
      };
      new Function('localStorage', 'window', 'document', script!)(
        scope.localStorage,
        scope.window,
        scope.document,
      );
      return [...classes];
    };
    expect(run(null)).toEqual(['light']);
    expect(run('dark')).toEqual(['dark']);
    expect(run('light')).toEqual(['light']);
  });
});

describe('withScreen', () => {
  const template =
    '<!doctype html><html><head><title>Storedesk</title></head><body><noscript>Needs JavaScript.</noscript><div id="root"><div class="boot">Loading…</div></div></body></html>';
  const screen = {
    head: '<style data-emotion="css abc">.css-abc{}</style>',
    body: '<title>Sign in · Storedesk</title><main>form</main>',
  };

  it("puts the screen in place of the splash, its title in the head's place and its styles in the head", () => {
    expect(withScreen(template, '/sign-in', screen)).toBe(
      '<!doctype html><html><head><title>Sign in · Storedesk</title>  <style data-emotion="css abc">.css-abc{}</style>\n  </head><body><noscript>Needs JavaScript.</noscript><div id="root" data-prerendered="/sign-in"><main>form</main></div></body></html>',
    );
  });

  it('refuses a page it cannot place the screen in', () => {
    expect(() => withScreen(template.replace('<div id="root">', '<div>'), '/sign-in', screen)).toThrow(
      /root/,
    );
    expect(() => withScreen(template.replace('<title>Storedesk</title>', ''), '/sign-in', screen)).toThrow(
      /title/,
    );
  });
});
