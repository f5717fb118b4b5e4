import { defineCollection } from 'astro:content';
import { reportsLoader } from './loader/index.js';
import { storeRefSchema } from './lib/site/entry.js';

// PERFLAB_CONTENT (comma-separated folders) lets the tests build extra fixture reports next to content/.
const roots = process.env.PERFLAB_CONTENT?.split(',').filter(Boolean) ?? ['content'];
// PERFLAB_ALLOW_ERRORS=1 builds a preview despite unacknowledged errors (the tests need the mismatches on pages).
const failOnError = process.env.PERFLAB_ALLOW_ERRORS === '1' ? false : undefined;

export const collections = {
  reports: defineCollection({ loader: reportsLoader({ roots, failOnError }), schema: storeRefSchema }),
};
