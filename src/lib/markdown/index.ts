export { parseMarkdown, tokenizeCount, type ParsedMarkdown } from './parse.js';
export { remarkAdmonition } from './plugin.js';
export { admonition } from './syntax.js';
export { admonitionFromMarkdown, type Admonition, type AdmonitionData } from './mdast.js';
export { flattenAdmonitions } from './flattened.js';
export { githubSlugs, mkdocsSlug, headingText } from './slug.js';
