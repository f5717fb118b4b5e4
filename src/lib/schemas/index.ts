export * from './message.js';
export * from './run.js';
export * from './claim.js';
export * from './report.js';
export * from './frontmatter.js';
