/**
 * micromark syntax for MkDocs admonitions (`!!!`, `???`, `???+`), modelled on
 * micromark-extension-gfm-footnote's `document` construct: the opening line is
 * the container prefix, and each following line continues it when it is blank
 * or indented by 4 columns (tabs expand to the next multiple of 4).
 *
 * Unlike CommonMark containers there are no lazy lines: Python-Markdown ends the
 * body at the first non-blank line indented less than 4, so a paragraph inside
 * the body is interrupted there (see `lazyStop`).
 */
import { factorySpace } from 'micromark-factory-space';
import { asciiAlphanumeric, markdownLineEnding, markdownSpace } from 'micromark-util-character';
import { codes, constants } from 'micromark-util-symbol';
import type { Code, Construct, Effects, Exiter, Extension, State, TokenizeContext } from 'micromark-util-types';

declare module 'micromark-util-types' {
  interface TokenTypeMap {
    admonition: 'admonition';
    admonitionHeader: 'admonitionHeader';
    admonitionMarker: 'admonitionMarker';
    admonitionKind: 'admonitionKind';
    admonitionClass: 'admonitionClass';
    admonitionTitle: 'admonitionTitle';
    admonitionTitleMarker: 'admonitionTitleMarker';
    admonitionTitleString: 'admonitionTitleString';
    admonitionWhitespace: 'admonitionWhitespace';
    admonitionIndent: 'admonitionIndent';
  }
  interface ParseContext {
    /** Lines where an admonition body ended on a non-blank, under-indented line. */
    admonitionBreaks?: Set<number>;
  }
}

const indent: Construct = { tokenize: tokenizeIndent, partial: true };
const blank: Construct = { tokenize: tokenizeBlank, partial: true };
const titleClose: Construct = { tokenize: tokenizeTitleClose, partial: true };
const lazyStop: Construct = { tokenize: tokenizeLazyStop };

/** Create the micromark extension for admonitions. */
export function admonition(): Extension {
  const construct: Construct = {
    name: 'admonition',
    tokenize: tokenizeStart,
    continuation: { tokenize: tokenizeContinuation },
    exit: exitAdmonition,
  };
  return {
    document: { [codes.exclamationMark]: construct, [codes.questionMark]: construct },
    // Only ever succeeds as an interrupt check, never consumes.
    flow: { null: [lazyStop] },
  };
}

/** `[\w-]`, as Python-Markdown's admonition regex. */
function isWord(code: Code): boolean {
  return asciiAlphanumeric(code) || code === codes.underscore || code === codes.dash;
}

function isEnd(code: Code): boolean {
  return code === codes.eof || markdownLineEnding(code);
}

function tokenizeStart(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  let marker: Code = codes.eof;
  let size = 0;
  // The first word is the kind, later ones are extra CSS classes.
  let wordType: 'admonitionKind' | 'admonitionClass' = 'admonitionKind';

  return start;

  function start(code: Code): State | undefined {
    marker = code;
    const token = effects.enter('admonition');
    token._container = true;
    effects.enter('admonitionHeader');
    effects.enter('admonitionMarker');
    return sequence(code);
  }

  function sequence(code: Code): State | undefined {
    if (code === marker && size < 3) {
      size++;
      effects.consume(code);
      return sequence;
    }
    if (size < 3) return nok(code);
    // `???+` is a collapsible admonition that starts open.
    if (marker === codes.questionMark && code === codes.plusSign) {
      effects.consume(code);
      effects.exit('admonitionMarker');
      return beforeKind;
    }
    effects.exit('admonitionMarker');
    return beforeKind(code);
  }

  function beforeKind(code: Code): State | undefined {
    if (markdownSpace(code)) return factorySpace(effects, kindStart, 'admonitionWhitespace')(code);
    return kindStart(code);
  }

  function kindStart(code: Code): State | undefined {
    // Always a word: `!!!` alone, or `!!! "t"`, stays a paragraph.
    if (!isWord(code)) return nok(code);
    effects.enter('admonitionKind');
    return word(code);
  }

  function word(code: Code): State | undefined {
    if (isWord(code)) {
      effects.consume(code);
      return word;
    }
    effects.exit(wordType);
    return afterWord(code);
  }

  function afterWord(code: Code): State | undefined {
    if (isEnd(code)) return done(code);
    if (!markdownSpace(code)) return nok(code);
    return factorySpace(effects, afterWordSpace, 'admonitionWhitespace')(code);
  }

  function afterWordSpace(code: Code): State | undefined {
    if (isEnd(code)) return done(code);
    if (code === codes.quotationMark) {
      effects.enter('admonitionTitle');
      effects.enter('admonitionTitleMarker');
      effects.consume(code);
      effects.exit('admonitionTitleMarker');
      return titleStart;
    }
    // Extra CSS classes: `!!! note inline end`.
    if (isWord(code)) {
      wordType = 'admonitionClass';
      effects.enter('admonitionClass');
      return word(code);
    }
    return nok(code);
  }

  function titleStart(code: Code): State | undefined {
    if (code === codes.quotationMark) return effects.check(titleClose, titleClosing, titleOpen)(code);
    return titleOpen(code);
  }

  function titleOpen(code: Code): State | undefined {
    if (isEnd(code)) return nok(code);
    effects.enter('admonitionTitleString');
    return titleInside(code);
  }

  function titleInside(code: Code): State | undefined {
    if (isEnd(code)) return nok(code);
    if (code === codes.quotationMark) return effects.check(titleClose, titleStringEnd, titleConsume)(code);
    return titleConsume(code);
  }

  function titleConsume(code: Code): State | undefined {
    effects.consume(code);
    return titleInside;
  }

  function titleStringEnd(code: Code): State | undefined {
    effects.exit('admonitionTitleString');
    return titleClosing(code);
  }

  // The title ends at the last `"` followed only by whitespace (Python's `"(.*?)" *$`).
  function titleClosing(code: Code): State | undefined {
    effects.enter('admonitionTitleMarker');
    effects.consume(code);
    effects.exit('admonitionTitleMarker');
    effects.exit('admonitionTitle');
    return trailingCheck;
  }

  function trailingCheck(code: Code): State | undefined {
    if (markdownSpace(code)) return factorySpace(effects, done, 'admonitionWhitespace')(code);
    return done(code);
  }

  function done(code: Code): State | undefined {
    if (!isEnd(code)) return nok(code);
    effects.exit('admonitionHeader');
    return ok(code);
  }
}

/** `"` then only whitespace up to the end of the line. */
function tokenizeTitleClose(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  return start;

  function start(code: Code): State | undefined {
    effects.enter('admonitionTitleMarker');
    effects.consume(code);
    effects.exit('admonitionTitleMarker');
    return after;
  }

  function after(code: Code): State | undefined {
    if (markdownSpace(code)) return factorySpace(effects, end, 'admonitionWhitespace')(code);
    return end(code);
  }

  function end(code: Code): State | undefined {
    return isEnd(code) ? ok(code) : nok(code);
  }
}

function tokenizeContinuation(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  const self = this;
  // An indented line with content (most lines of a body), else a blank line (kept for the flow inside, unconsumed).
  return effects.attempt(indent, ok, effects.check(blank, ok, end));

  function end(code: Code): State | undefined {
    const breaks = self.parser.admonitionBreaks ?? (self.parser.admonitionBreaks = new Set());
    breaks.add(self.now().line);
    return nok(code);
  }
}

const exitAdmonition: Exiter = function (effects) {
  effects.exit('admonition');
};

function tokenizeBlank(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  return start;

  function start(code: Code): State | undefined {
    return markdownSpace(code) ? factorySpace(effects, after, 'admonitionWhitespace')(code) : after(code);
  }

  function after(code: Code): State | undefined {
    return isEnd(code) ? ok(code) : nok(code);
  }
}

/**
 * Exactly 4 columns of indent followed by content; a whitespace-only line is left to `blank`, unconsumed. A tab
 * reaches the next multiple of 4: micromark splits it into a tab and virtual spaces up to its stop, one code per
 * column, so counting codes counts columns (positions do not: a virtual space has no column of its own).
 */
function tokenizeIndent(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  let size = 0;
  return start;

  function start(code: Code): State | undefined {
    if (!markdownSpace(code)) return nok(code);
    effects.enter('admonitionIndent');
    return inside(code);
  }

  function inside(code: Code): State | undefined {
    if (size < constants.tabSize && markdownSpace(code)) {
      size++;
      effects.consume(code);
      return inside;
    }
    effects.exit('admonitionIndent');
    if (size !== constants.tabSize || isEnd(code)) return nok(code);
    // Deeper indent: content follows unless the rest of the line is whitespace too.
    return markdownSpace(code) ? effects.check(blank, nok, ok)(code) : ok(code);
  }
}

/**
 * Interrupt a paragraph (or other lazy-capable flow) on a line where an
 * admonition body ended: there are no lazy continuation lines in MkDocs.
 */
function tokenizeLazyStop(this: TokenizeContext, _effects: Effects, ok: State, nok: State): State {
  const self = this;
  return start;

  function start(code: Code): State | undefined {
    const line = self.now().line;
    return self.interrupt && self.parser.lazy[line] && self.parser.admonitionBreaks?.has(line) ? ok(code) : nok(code);
  }
}
