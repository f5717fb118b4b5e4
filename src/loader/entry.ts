// The loader's bundle (see ./bundle.ts): what a production build's content config imports, and, started as a worker
// with the helper's data, the loader's helper thread (./helper.ts).
import { isMainThread, workerData } from 'node:worker_threads';
import { HELPER_ROLE } from './threads.js';

export { reportsLoader, type ReportsLoaderOptions } from './reports.js';

if (!isMainThread && (workerData as { role?: unknown } | null)?.role === HELPER_ROLE) void import('./helper.js');
