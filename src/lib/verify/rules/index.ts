import type { Rule } from '../../rules/types.js';
import { claimMismatch } from './claim-mismatch.js';
import { claimOtherPage } from './claim-other-page.js';
import { claimUntraceable } from './claim-untraceable.js';

/** The rules that turn claim verdicts into messages. */
export const claimRules: Rule[] = [claimMismatch, claimUntraceable, claimOtherPage];
