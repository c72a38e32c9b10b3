import type { PrerenderedScreen } from '../src/prerender.tsx';

/** The signed-out addresses whose page is made at build time: the first screen most visits show. */
export const prerenderedPaths = ['/sign-in'] as const;

const titlePattern = /<title>[^<]*<\/title>/;

/**
 * The built index.html with the screen in it: its title in place of the page's, its styles and
 * colour-scheme script at the end of the head, its markup in place of the loading splash, and the
 * root marked with the address it was made for (main.tsx hydrates it only there). React writes a
 * screen's <title> where the screen starts; in the browser it belongs in the head, where React
 * looks for it when it hydrates.
 */
export function withScreen(template: string, url: string, screen: PrerenderedScreen): string {
  const title = titlePattern.exec(screen.body)?.[0];
  if (title !== undefined && !titlePattern.test(template)) throw new Error('index.html has no <title>');
  const page = title === undefined ? template : template.replace(titlePattern, () => title);
  const body = title === undefined ? screen.body : screen.body.replace(title, '');
  const headEnd = page.indexOf('</head>');
  const rootStart = page.indexOf('<div id="root">');
  const rootEnd = page.lastIndexOf('</div>', page.indexOf('</body>'));
  if (headEnd === -1 || rootStart === -1 || rootEnd < rootStart)
    throw new Error('index.html has no head, or no <div id="root"> closing before </body>');
  return [
    page.slice(0, headEnd),
    `  ${screen.head}\n  `,
    page.slice(headEnd, rootStart),
    `<div id="root" data-prerendered="${url}">${body}`,
    page.slice(rootEnd),
  ].join('');
}
