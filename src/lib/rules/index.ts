import type { Rule } from './types.js';
import { claimMismatch } from './claim-mismatch.js';
import { claimUnjudged } from './claim-unjudged.js';
import { claimOtherPage } from './claim-other-page.js';
import { claimRounding } from './claim-rounding.js';
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
import { chainEndDiffers } from './chain-end-differs.js';
import { stepDropsAdopted } from './step-drops-adopted.js';
import { optimizedCellCommand } from './optimized-cell-command.js';
import { optimizedCommandDiffers } from './optimized-command-differs.js';
import { parallelismExceedsHardware } from './parallelism-exceeds-hardware.js';
import { shellLineContinuation } from './shell-line-continuation.js';
import { textInvisible } from './text-invisible.js';
import { acknowledgementInvalid } from './acknowledgement-invalid.js';
import { benchmarkAmbiguousMetric } from './benchmark-ambiguous-metric.js';
import { benchmarkMixedFormat } from './benchmark-mixed-format.js';
import { fileNameInvalid } from './file-name-invalid.js';
import { routeCollision } from './route-collision.js';
import { claimUnreadable } from './claim-unreadable.js';
import { numberInvisibleCharacter } from './number-invisible-character.js';
import { nestingTooDeep } from './nesting-too-deep.js';
import { inlineTooComplex } from './inline-too-complex.js';
import { acknowledgementUnused } from './acknowledgement-unused.js';
import { admonitionEmpty } from './admonition-empty.js';
import { admonitionFlattened } from './admonition-flattened.js';
import { benchmarkBadValue } from './benchmark-bad-value.js';
import { benchmarkDuplicateMetric } from './benchmark-duplicate-metric.js';
import { benchmarkEmptyBlock } from './benchmark-empty-block.js';
import { benchmarkOrphanLabel } from './benchmark-orphan-label.js';
import { benchmarkTruncated } from './benchmark-truncated.js';
import { benchmarkUnknownMetric } from './benchmark-unknown-metric.js';
import { benchmarkUnparsed } from './benchmark-unparsed.js';
import { frontmatterInvalid } from './frontmatter-invalid.js';
import { profileInvalid } from './profile-invalid.js';
import { tableMalformed } from './table-malformed.js';
import { tableNoBlankLine } from './table-no-blank-line.js';
import { modelInternalError } from './model-internal-error.js';
import { parseInternalError } from './parse-internal-error.js';
import { ruleInternalError } from './rule-internal-error.js';
import { verifyInternalError } from './verify-internal-error.js';
import { pageTooLarge } from './page-too-large.js';
import { tableTooLarge } from './table-too-large.js';
import { runIncomplete } from './run-incomplete.js';
import { savedResultDiffers } from './saved-result-differs.js';
import { savedResultUnknown } from './saved-result-unknown.js';
import { savedResultUnreadable } from './saved-result-unreadable.js';
import { runDuplicateBlock } from './run-duplicate-block.js';
import { assertionWithoutEvidence } from './assertion-without-evidence.js';
import { scriptWithoutLaunch } from './script-without-launch.js';
import { resultWithoutHeader } from './result-without-header.js';
import { runDivergingRepeat } from './run-diverging-repeat.js';
import { labelParameterContradiction } from './label-parameter-contradiction.js';

import { siteClaimUnplaced } from './site-claim-unplaced.js';
import { siteImageMissing } from './site-image-missing.js';
import { siteLinkUnpublished } from './site-link-unpublished.js';
import { siteSearchValue } from './site-search-value.js';

/**
 * Every message id perflab reports, one file each (the file name is the id): the rules that check pages, then the
 * ids that the parsers, the page model, the claim verification, the pipeline and the site report, documented in
 * their files.
 */
export const rules: Rule[] = [
  claimMismatch,
  claimRounding,
  claimUntraceable,
  claimOtherPage,
  claimUnreadable,
  claimUnjudged,
  numberInvisibleCharacter,
  duplicateBlockAcrossPages,
  commandModelMismatch,
  labelFlagContradiction,
  parallelismExceedsHardware,
  headingEngineMismatch,
  comparedRunsDiffer,
  optimizedCommandDiffers,
  optimizedCellCommand,
  chainEndDiffers,
  stepDropsAdopted,
  shellLineContinuation,
  textInvisible,
  blockConsistency,
  linkUnresolved,
  anchorMissing,
  imageMissing,
  tocMismatch,
  noteParameterContradiction,
  runIncomplete,
  savedResultUnreadable,
  savedResultDiffers,
  savedResultUnknown,
  runDuplicateBlock,
  assertionWithoutEvidence,
  scriptWithoutLaunch,
  resultWithoutHeader,
  runDivergingRepeat,
  labelParameterContradiction,
  tableMalformed,
  acknowledgementInvalid,
  benchmarkAmbiguousMetric,
  benchmarkMixedFormat,
  fileNameInvalid,
  routeCollision,
  nestingTooDeep,
  inlineTooComplex,
  acknowledgementUnused,
  admonitionEmpty,
  admonitionFlattened,
  benchmarkBadValue,
  benchmarkDuplicateMetric,
  benchmarkEmptyBlock,
  benchmarkOrphanLabel,
  benchmarkTruncated,
  benchmarkUnknownMetric,
  benchmarkUnparsed,
  frontmatterInvalid,
  modelInternalError,
  pageTooLarge,
  parseInternalError,
  profileInvalid,
  ruleInternalError,
  tableNoBlankLine,
  tableTooLarge,
  verifyInternalError,
  siteClaimUnplaced,
  siteImageMissing,
  siteLinkUnpublished,
  siteSearchValue,
];
