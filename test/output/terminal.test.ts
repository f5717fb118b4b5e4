import { describe, expect, it } from 'vitest';
import { formatMessage } from '../../src/lib/diagnostics.js';
import { quietOutput } from '../../src/lib/output/index.js';
import { escapedLogger } from '../../src/loader/log.js';
import { githubLine } from '../../src/lib/output/github.js';
import { terminalText } from '../../src/lib/terminal.js';
import type { Message } from '../../src/lib/schemas/message.js';
import type { Report } from '../../src/lib/schemas/report.js';

const message = (over: Partial<Message>): Message => ({
  file: 'p.md',
  line: 3,
  column: 1,
  ruleId: 'image-missing',
  severity: 'warning',
  message: 'm',
  ...over,
});

describe('terminalText: one visible line whatever the content', () => {
  it('should make line breaks, ESC, the other C0 and C1 controls and the bidi controls visible', () => {
    expect(terminalText('a\nb\rc\td\u001b[2Ke\u0007f\u0085g\u009bh\u202ei\u2066j\u2028k\u0000')).toBe(
      'a\\nb\\rc\\td\\e[2Ke\\x07f\\x85g\\x9bh\\u{202e}i\\u{2066}j\\u{2028}k\\x00',
    );
  });

  it('should leave printable text as it is (accents, CJK, emoji, backslashes)', () => {
    const s = 'Qwen3 · H100 × 8 — 吞吐量 🚀 C:\\path `x` ::not a command';
    expect(terminalText(s)).toBe(s);
  });
});

describe('the CLI lines go through it', () => {
  it('should print a finding quoting a raw line break as one line', () => {
    const m = message({ message: 'Unexpected image `a\n::error file=README.md,line=1::FAKE`' });
    expect(formatMessage(m)).toBe('p.md:3:1  warning  Unexpected image `a\\n::error file=README.md,line=1::FAKE`  image-missing');
  });

  it('should keep, under --quiet, every error whole and no warning, whatever their text', () => {
    const reports = [
      {
        path: 'p.md',
        messages: [
          message({ severity: 'error', ruleId: 'claim-mismatch', message: 'first half\nsecond half' }),
          message({ line: 4, message: 'a warning quoting "  error  "' }),
        ],
      },
    ] as unknown as Report[];
    expect(quietOutput(reports)).toBe('p.md:3:1  error  first half\\nsecond half  claim-mismatch');
  });

  it("should escape the build log's lines", () => {
    const logged: string[] = [];
    const log = (s: string) => logged.push(s);
    escapedLogger({ info: log, warn: log, error: log, debug: log }).warn('x.md: not read\n::error::y\u001b[1A');
    expect(logged).toEqual(['x.md: not read\\n::error::y\\e[1A']);
  });

  it('should keep ESC out of --format github while line breaks stay its own %0A', () => {
    expect(githubLine(message({ message: 'a\nb\u001b[31mc' }), '/')).toBe(
      '::warning file=p.md,line=3,col=1,title=image-missing::a%0Ab\\e[31mc',
    );
  });
});
