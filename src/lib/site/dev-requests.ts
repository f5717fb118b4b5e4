// The dev server's first word on each request. Any web page open in the developer's browser can request
// `localhost:4321/...` with any bytes: a path whose percent-encoding does not decode (`%E0%A4%A`) answered 500 with a
// URIError stack, and a path that decodes to control characters (`%0A::error...%1B[31m`) reached the terminal raw in
// Astro's request log. Both are answered 400 here, before Astro sees or logs them, and logged through the one
// escaping function. No route of the site has a control character in its path.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';
import { HAS_CONTROL, terminalText } from '../terminal.js';

/** Why a request path is refused (400), or null: it does not decode, or it decodes to a control character. */
export function badRequestPath(url: string): string | null {
  const path = url.split(/[?#]/, 1)[0];
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return 'its percent-encoding is malformed';
  }
  return HAS_CONTROL.test(decoded) ? 'it holds control characters' : null;
}

type Next = () => void;

/** A connect middleware: a bad path gets 400 and one escaped log line; any other goes on to Astro. */
export function refuseBadPaths(log: (line: string) => void) {
  return (req: IncomingMessage, res: ServerResponse, next: Next): void => {
    const why = badRequestPath(req.url ?? '/');
    if (!why) return next();
    log(`400 ${terminalText(req.url ?? '')}: refused, ${why}`);
    res.statusCode = 400;
    res.setHeader('content-type', 'text/plain; charset=utf-8');
    res.end(`Bad request: ${why}.\n`);
  };
}

/**
 * The Vite plugin that puts it in front of the dev server's own handlers, at the head of the connect stack: Astro
 * puts its own there (its trailing-slash handler decodes the path and throws on a malformed one).
 */
export function devRequests(): Plugin {
  return {
    name: 'perflab-dev-requests',
    // After the other plugins' own hooks (Astro puts its handlers at the head of the stack there too), so this one
    // ends up first.
    configureServer(server) {
      return () => {
        server.middlewares.stack.unshift({ route: '', handle: refuseBadPaths((line) => process.stderr.write(`[perflab] ${line}\n`)) });
      };
    },
  };
}
