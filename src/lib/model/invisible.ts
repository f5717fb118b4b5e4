// Characters that change what a reader sees without showing themselves: the bidi controls and the zero-width
// characters. The page's walk gathers the nodes that hold one (model/tree.ts); the `text-invisible` rule reports them.

/** The characters, by code point, with the name a message gives each. */
export const INVISIBLE: Record<number, string> = {
  0x061c: 'ARABIC LETTER MARK',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x2060: 'WORD JOINER',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
  0x00ad: 'SOFT HYPHEN',
};

/** Every one of them (global, for `matchAll`). */
export const INVISIBLE_ALL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u200b\u200c\u2060\ufeff\u00ad]/g;
/** Whether a text holds one. */
export const INVISIBLE_ANY = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u200b\u200c\u2060\ufeff\u00ad]/;
