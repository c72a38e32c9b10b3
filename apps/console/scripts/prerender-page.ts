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
  if (title !== undefined) {
    if (!titlePattern.test(template)) throw new Error('index.html has no <title>');
    template = template.replace(titlePattern, () => title);
    screen = { ...screen, body: screen.body.replace(title, '') };
  }
  const headEnd = template.indexOf('</head>');
  const rootTag = '<div id="root">';
  const rootStart = template.indexOf(rootTag);
  const rootEnd = template.lastIndexOf('</div>', template.indexOf('</body>'));
  if (headEnd === -1 || rootStart === -1 || rootEnd < rootStart)
    throw new Error('index.html has no head, or no <div id="root"> closing before </body>');
  return [
    template.slice(0, headEnd),
    `  ${screen.head}\n  `,
    template.slice(headEnd, rootStart),
    `<div id="root" data-prerendered="${url}">${screen.body}`,
    template.slice(rootEnd),
  ].join('');
}
