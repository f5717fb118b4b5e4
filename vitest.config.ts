import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Tests that run the CLI get bin/perflab.mjs built from the current sources (only when it is stale).
    globalSetup: ['test/habits/build-cli.ts'],
    testTimeout: 60_000,
    hookTimeout: 600_000,
    env: { TZ: 'UTC', LC_ALL: 'C' },
  },
});
