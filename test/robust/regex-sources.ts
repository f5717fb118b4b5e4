/**
 * Every regular expression written in `src/`: regex literals and `new RegExp(...)` / `RegExp(...)` calls, read
 * with the TypeScript parser. Template pieces are resolved from the same file's string constants (and the shared
 * number pattern); an expression that cannot be resolved is reported so the audit never skips a regex quietly.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { DECIMAL_COMMA_SOURCE, INVISIBLE_SOURCE, NUMBER_SOURCE } from '../../src/lib/numbers/number.js';

export interface RegexSource {
  file: string;
  line: number;
  pattern: string;
  flags: string;
  /** Set when the pattern could not be resolved statically; the text says which expression. */
  unresolved: string | null;
}

/** Stand-ins for the few interpolations that are not string constants (a fence marker built at run time). */
const STAND_INS: Record<string, string> = {
  "marker[0] === '`' ? '`' : '~'": '`',
  'marker.length': '3',
  NUM: NUMBER_SOURCE,
  NUMBER_SOURCE,
  DECIMAL_COMMA_SOURCE,
  INVISIBLE_SOURCE,
  // A unit escaped for a pattern (claims/essay/order.ts) and an element's name (claims/html.ts).
  escaped: 'tok/s',
  name: 'del',
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : /\.(ts|mjs|js)$/.test(e.name) ? [join(dir, e.name)] : []))
    .sort();
}

export function regexSources(root: string): RegexSource[] {
  const out: RegexSource[] = [];
  for (const path of filesUnder(join(root, 'src'))) {
    const text = readFileSync(path, 'utf8');
    const sf = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
    const file = relative(root, path).split('\\').join('/');
    const consts = new Map<string, ts.Expression>();
    const collect = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) consts.set(node.name.text, node.initializer);
      ts.forEachChild(node, collect);
    };
    collect(sf);
    const resolve = (e: ts.Expression, depth = 0): string | null => {
      if (depth > 8) return null;
      const key = e.getText(sf);
      if (key in STAND_INS) return STAND_INS[key];
      if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return e.text;
      if (ts.isParenthesizedExpression(e)) return resolve(e.expression, depth + 1);
      if (ts.isIdentifier(e)) {
        const init = consts.get(e.text);
        return init ? resolve(init, depth + 1) : null;
      }
      if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken) {
        const a = resolve(e.left, depth + 1);
        const b = resolve(e.right, depth + 1);
        return a === null || b === null ? null : a + b;
      }
      if (ts.isPropertyAccessExpression(e) && e.name.text === 'source' && ts.isRegularExpressionLiteral(e.expression)) {
        return literal(e.expression).pattern;
      }
      const raw = ts.isTaggedTemplateExpression(e) && e.tag.getText(sf) === 'String.raw';
      const tpl = ts.isTaggedTemplateExpression(e) ? e.template : e;
      if (ts.isNoSubstitutionTemplateLiteral(tpl)) return raw ? (tpl.rawText ?? tpl.text) : tpl.text;
      if (ts.isTemplateExpression(tpl)) {
        let s = raw ? (tpl.head.rawText ?? tpl.head.text) : tpl.head.text;
        for (const span of tpl.templateSpans) {
          const v = resolve(span.expression, depth + 1);
          if (v === null) return null;
          s += v + (raw ? (span.literal.rawText ?? span.literal.text) : span.literal.text);
        }
        return s;
      }
      return null;
    };
    const literal = (n: ts.RegularExpressionLiteral) => {
      const t = n.text;
      const end = t.lastIndexOf('/');
      return { pattern: t.slice(1, end), flags: t.slice(end + 1) };
    };
    const visit = (node: ts.Node) => {
      const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
      if (ts.isRegularExpressionLiteral(node)) out.push({ file, line, ...literal(node), unresolved: null });
      if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && node.expression.getText(sf) === 'RegExp') {
        const [p, f] = node.arguments ?? [];
        const pattern = p ? resolve(p) : null;
        const flags = f ? resolve(f) : '';
        if (pattern === null || flags === null) out.push({ file, line, pattern: '', flags: '', unresolved: node.getText(sf) });
        else out.push({ file, line, pattern, flags, unresolved: null });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out;
}
