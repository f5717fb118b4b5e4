// What untrusted report HTML may keep: GitHub's schema plus the coloured spans and `<details>` reports use.
import { defaultSchema, type Options as Schema } from 'rehype-sanitize';

/** `background-color: <word | #hex>` only; any other declaration drops the whole attribute. */
const backgroundOnly = /^\s*background-color\s*:\s*(?:#[\da-f]{3,8}|[a-z]{3,30})\s*;?\s*$/i;

export const sanitizeSchema: Schema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    span: [...(defaultSchema.attributes?.span ?? []), ['style', backgroundOnly]],
    details: [...(defaultSchema.attributes?.details ?? []), 'open'],
  },
  // Trusted ids (headings, runs, claims) are added after sanitising, so user ids stay prefixed.
  clobberPrefix: 'user-content-',
};
