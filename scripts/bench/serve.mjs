// Minimal loopback static server that records every file it sends (raw and gzipped size).
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES = {
  '.html': 'text/html',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};
// Types a server would gzip; pagefind's .pf_* files are gzipped already.
const TEXT = new Set(['.html', '.css', '.js', '.mjs', '.json', '.svg', '.wasm', '.xml', '.txt']);

export const gz = (buf) => gzipSync(buf, { level: 9 }).length;

export function serve(dir) {
  const log = [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    let file = normalize(join(dir, path));
    if (!file.startsWith(dir)) return res.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file) && existsSync(`${file}.html`)) file = `${file}.html`;
    if (!existsSync(file)) {
      log.push({ path, status: 404, bytes: 0, wire: 0 });
      return res.writeHead(404).end();
    }
    const body = readFileSync(file);
    const ext = extname(file);
    log.push({ path, status: 200, ext, bytes: body.length, wire: TEXT.has(ext) ? gz(body) : body.length });
    res.writeHead(200, { 'content-type': TYPES[ext] ?? 'application/octet-stream', 'cache-control': 'no-store' }).end(body);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${server.address().port}`, log, close: () => new Promise((r) => server.close(r)) }),
    );
  });
}
