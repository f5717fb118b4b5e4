import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 600_000,
    env: { TZ: 'UTC', LC_ALL: 'C' },
  },
});
