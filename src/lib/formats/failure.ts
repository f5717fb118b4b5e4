/**
 * Failure stubs: what authors put where a result should be when the run crashed. Commented
 * (`# Crash. FP8 not supported on A100`, `# KeyError: 'weight'`) or pasted as is
 * (`NotImplementedError: WFP4A16 MoE is unsupported on SM80.`, `ValueError("type fp8e4nv ...")`).
 */

const COMMENT = /^[ \t]*#+[ \t]*/;
const CRASH = /^crash(?:ed|es)?\b/i;
// A Python exception name followed by `:`, `(` or the end: `RuntimeError:`, `torch.OutOfMemoryError:`.
const EXCEPTION = /^(?:[A-Za-z_][\w]*\.)*[A-Z]?\w*(?:Error|Exception)(?::|\(|[ \t]*$)/;
const TRACEBACK = /^Traceback \(most recent call last\)/;
const OOM = /^(?:CUDA )?out of memory\b|^OOM\b|^Segmentation fault\b/i;

/** The error text of a stub line (without `# `), or null when the line is not a failure stub. */
export function failureText(text: string): string | null {
  const body = text.replace(COMMENT, '').trim();
  if (body === '') return null;
  return CRASH.test(body) || EXCEPTION.test(body) || TRACEBACK.test(body) || OOM.test(body) ? body : null;
}

/** A traceback header: the lines after it belong to the same failure, up to the exception line. */
export const isTraceback = (error: string): boolean => TRACEBACK.test(error);

/** An exception line ends a traceback. */
export const isException = (error: string): boolean => EXCEPTION.test(error);
