// A page full of hostile strings, for the tests of every sink (terminal, CI log, CSV, llms.txt): raw line breaks
// that would start a workflow command (`::error ...`), ESC sequences that erase lines or retitle the terminal, bidi
// controls, spreadsheet formulas (also after a `;`), and Markdown that would open a heading or a link in llms.txt.
const ESC = '\u001b';

/** One vLLM result block (the page's runs), indented for its fence. */
const block = (total: string) =>
  [
    '============ Serving Benchmark Result ============',
    'Successful requests:                     1000',
    'Benchmark duration (s):                  178.01',
    'Request throughput (req/s):              5.62',
    'Output token throughput (tok/s):         1131.55',
    `Total Token throughput (tok/s):          ${total}`,
    '---------------Time to First Token----------------',
    'Mean TTFT (ms):                          78118.74',
    '-----Time per Output Token (excl. 1st token)------',
    'Mean TPOT (ms):                          88.09',
    '==================================================',
  ]
    .map((l) => `    ${l}`)
    .join('\n');

/** Strings the sinks must never pass on as they are. */
export const INJECTED = {
  heading: '## Injected section',
  link: '[Official download](https://evil.example/)',
  command: '::error file=README.md,line=1::FAKE',
  formula: "=cmd|' /C calc'!A0",
};

/** The page: front matter, prose, an image and run labels carrying the strings above. */
export const HOSTILE_PAGE = [
  '---',
  `title: "x\\n\\n${INJECTED.heading}\\n\\n- ${INJECTED.link}"`,
  'model: "Qwen/Qwen3-8B\\n::warning::x"',
  'gpu: "H100\\r::error::CR"',
  `gpus: "eight\\n${INJECTED.command}FRONT"`,
  '---',
  `# Optimizing Hostile${ESC}[2K${ESC}[1A Model Throughput on H100`,
  '',
  `Text with an escape ${ESC}]0;title\u0007, a bidi \u202egnp.exe\u202c and ${INJECTED.formula}.`,
  '',
  '<img src="nope.png',
  `${INJECTED.command}${ESC}[31m">`,
  '',
  '## Experiment Results',
  '',
  '### 1. Baseline',
  '',
  '??? info "Benchmark result"',
  '    ```',
  `    # BS=4;${INJECTED.formula}`,
  block('2352.82'),
  '    # @SUM(1+1)\t-2+3',
  block('2400.00'),
  '    ```',
  '',
].join('\n');
