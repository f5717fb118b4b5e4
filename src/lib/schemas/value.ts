import { z } from 'zod';

/**
 * A measured or recomputed number: finite, or `Infinity` / `-Infinity` (a result block's `inf`, a ratio over zero);
 * never NaN. zod 4's `z.number()` refuses the infinities, which a page's raw output may print.
 */
export const valueSchema = z.union([z.number(), z.literal([Infinity, -Infinity])]);
