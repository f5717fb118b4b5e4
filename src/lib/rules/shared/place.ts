import type { ClaimSite } from '../../model/sites.js';

/**
 * Line and column (1-based) of 0-based indexes into a site's text, from the site's start, asked in increasing order:
 * the line breaks are counted once, as the cursor moves on (an index before the cursor starts it again).
 */
export function placer(site: ClaimSite): (index: number) => { line: number; column: number } {
  const start = site.node.position?.start ?? { line: 1, column: 1 };
  let at = 0;
  let breaks = 0;
  let lastBreak = -1;
  return (index) => {
    if (index < at) [at, breaks, lastBreak] = [0, 0, -1];
    for (; at < index; at++)
      if (site.text[at] === '\n') {
        breaks++;
        lastBreak = at;
      }
    return breaks === 0 ? { line: start.line, column: start.column + index } : { line: start.line + breaks, column: index - lastBreak };
  };
}
