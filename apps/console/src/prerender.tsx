/**
 * Signed-out pages made at build time (ADR 0031): the sign-in page's markup and the CSS of what it
 * shows, so a phone paints the form as the page arrives instead of after its code, and the code then
 * hydrates that markup instead of building it again. `scripts/prerender.ts` runs this in Node through
 * Vite after the build; nothing in the browser imports it.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import InitColorSchemeScript from '@mui/material/InitColorSchemeScript';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { consoleApp } from '@/app/console-app.tsx';
import { colorSchemeOptions } from '@/app/theme.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { sessionQueryKey } from '@/lib/session.ts';

export type PrerenderedScreen = {
  /** For the page's head: the screen's styles, and the script that sets light or dark before the first paint. */
  head: string;
  /** The markup of the screen, for the page's root element. */
  body: string;
};

/** The screen at `url` as someone signed out first sees it, in the default (not a business's) colours. */
export async function prerenderSignedOut(url: string): Promise<PrerenderedScreen> {
  // Emotion's default key, so the browser's cache finds these styles in the page and does not make them again.
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const queryClient = createQueryClient();
  queryClient.setQueryData(sessionQueryKey, null);
  const { prelude } = await prerenderToNodeStream(
    <CacheProvider value={cache}>
      {consoleApp(queryClient, (screens) => (
        <StaticRouter location={url}>{screens}</StaticRouter>
      ))}
    </CacheProvider>,
  );
  let body = '';
  for await (const chunk of prelude) body += String(chunk);
  queryClient.clear();
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(body));
  const colorScheme = renderToStaticMarkup(<InitColorSchemeScript {...colorSchemeOptions} />);
  return { head: `${colorScheme}${styles}`, body };
}

/** What `scripts/prerender.ts` loads this module as. */
export type PrerenderModule = { prerenderSignedOut: typeof prerenderSignedOut };
