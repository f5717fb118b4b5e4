import type { Rule } from './types.js';
import { claimMismatch } from './claim-mismatch.js';
import { claimOtherPage } from './claim-other-page.js';
import { claimUntraceable } from './claim-untraceable.js';
import { anchorMissing } from './anchor-missing.js';
import { imageMissing } from './image-missing.js';
import { linkUnresolved } from './link-unresolved.js';
import { noteParameterContradiction } from './note-parameter-contradiction.js';
import { tocMismatch } from './toc-mismatch.js';
import { blockConsistency } from './block-consistency.js';
import { comparedRunsDiffer } from './compared-runs-differ.js';
import { commandModelMismatch } from './command-model-mismatch.js';
import { duplicateBlockAcrossPages } from './duplicate-block-across-pages.js';
import { headingEngineMismatch } from './heading-engine-mismatch.js';
import { labelFlagContradiction } from './label-flag-contradiction.js';
import { optimizedCommandDiffers } from './optimized-command-differs.js';
import { parallelismExceedsHardware } from './parallelism-exceeds-hardware.js';
import { shellLineContinuation } from './shell-line-continuation.js';
import { acknowledgementInvalid } from './acknowledgement-invalid.js';
import { benchmarkAmbiguousMetric } from './benchmark-ambiguous-metric.js';
import { benchmarkMixedFormat } from './benchmark-mixed-format.js';
import { fileNameInvalid } from './file-name-invalid.js';
import { claimUnreadable } from './claim-unreadable.js';
import { nestingTooDeep } from './nesting-too-deep.js';

/** Every rule, one file each; the file name is the rule id. */
export const rules: Rule[] = [
  claimMismatch,
  claimUntraceable,
  claimOtherPage,
  claimUnreadable,
  duplicateBlockAcrossPages,
  commandModelMismatch,
  labelFlagContradiction,
  parallelismExceedsHardware,
  headingEngineMismatch,
  comparedRunsDiffer,
  optimizedCommandDiffers,
  shellLineContinuation,
  blockConsistency,
  linkUnresolved,
  anchorMissing,
  imageMissing,
  tocMismatch,
  noteParameterContradiction,
  acknowledgementInvalid,
  benchmarkAmbiguousMetric,
  benchmarkMixedFormat,
  fileNameInvalid,
  nestingTooDeep,
];
