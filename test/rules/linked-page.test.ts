// The page a relative link names, found through an index of the set (`anchor-missing`, `link-unresolved`).
import { expect, it } from 'vitest';
import { linkedPage } from '../../src/lib/rules/shared/pages.js';

it('should resolve a link against the page it is written on, as a scan of the set in page order would', () => {
  const pages = [
    { path: 'qwen/h100.md', n: 1 },
    { path: 'qwen/a100.md', n: 2 },
    { path: 'other/h100.md', n: 3 },
    { path: 'qwen/./a100.md', n: 4 },
  ];
  expect(linkedPage('qwen/h100.md', 'a100.md', pages)?.n).toBe(2);
  expect(linkedPage('qwen/h100.md', '../other/h100.md', pages)?.n).toBe(3);
  expect(linkedPage('other/h100.md', '../qwen/h100.md', pages)?.n).toBe(1);
  expect(linkedPage('qwen/h100.md', 'missing.md', pages)).toBeNull();
  expect(linkedPage('qwen/h100.md', '../../../../qwen/a100.md', pages)?.n).toBe(2);
  // Many pages, many links: each look-up is the page a scan finds.
  const many = Array.from({ length: 3000 }, (_, i) => ({ path: `m${i % 50}/g${i}.md`, n: i }));
  for (let i = 0; i < 3000; i += 7) {
    const from = many[(i * 13) % 3000].path;
    const target = `../m${i % 50}/g${i}.md`;
    expect(linkedPage(from, target, many)?.n).toBe(i);
  }
});
