export { reportsLoader, type ReportsLoaderOptions } from './reports.js';
