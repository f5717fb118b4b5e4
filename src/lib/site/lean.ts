// When a site is built lean: a production build of a site with more Markdown than the memory budget (`memoryBudget().lean`, ../sizes.ts) trades time for memory
// (the Astro config grows V8's heap by 20% over what is live, and the routes read each report's entry and runs again
// when they need them); a smaller site keeps what it parses and V8's own pace. Measured on 1,000 generated reports
// (41 MB of Markdown), the astro step alone, medians of four runs each: lean 68.5 s at 515 MiB, not lean 49.6 s at
// 1,012 MiB. At 10,000 reports the lean build holds 1.5 GiB.
import { fileBytes, memoryBudget } from '../sizes.js';
import { contentFiles } from './files.js';

/** Bytes of the Markdown in a project's content folders (a file that cannot be read counts 0). */
export const contentBytes = (projectRoot: string): number => fileBytes(contentFiles(projectRoot).map((f) => f.absolutePath));

/** Whether a production build of the project's content is lean. */
export const isLean = (projectRoot: string): boolean => contentBytes(projectRoot) > memoryBudget().lean;
