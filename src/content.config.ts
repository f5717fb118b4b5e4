import { defineCollection } from 'astro:content';
import { loaderModule } from './loader/bundle.js';
import { storeRefSchema } from './lib/site/entry.js';

// A build runs the loader from its bundle; the dev server from its sources, so that code edits reload it.
const { reportsLoader } = await loaderModule(() => import('./loader/entry.js'));

// PERFLAB_CONTENT (comma-separated folders) lets the tests build extra fixture reports next to content/.
const roots = process.env.PERFLAB_CONTENT?.split(',').filter(Boolean) ?? ['content'];
// PERFLAB_ALLOW_ERRORS=1 builds a preview despite unacknowledged errors (the tests need the mismatches on pages).
const failOnError = process.env.PERFLAB_ALLOW_ERRORS === '1' ? false : undefined;

export const collections = {
  reports: defineCollection({ loader: reportsLoader({ roots, failOnError }), schema: storeRefSchema }),
};
