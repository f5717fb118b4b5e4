/**
 * F7: `llama-bench -o md` Markdown tables (llama.cpp). The header row names the columns (`model`, `size`,
 * `params`, `backend`, `ngl` or `threads`, other parameters the run varied, `test`, `t/s`); each body row is one
 * test (`pp512` prompt processing, `tg128` generation) and a run of its own, labelled by its model and test. The
 * `t/s` cell prints the mean and standard deviation over the repetitions, `1234.56 ± 12.34`. The device and log
 * lines of the backends may print between the header and the rows; `build: <commit>` follows the table.
 */
import { defineFormat, metric, type TableCell } from './spec.js';
import { isRuleRow, tableCells } from './table.js';

const RATE = 't/s';
const SPREAD = `${RATE} ±`;
// `mean ± std` in the rate column.
const MEAN_STD = /^(\d+(?:\.\d+)?)[ \t]+±[ \t]+(\d+(?:\.\d+)?)$/;
// A command line that runs the tool, after an optional shell prompt: it names the run.
const INVOCATION = /^(?:[$❯>#][ \t]+)?(?:\S*\/)?llama-bench(?:[ \t].*)?$/;
// Backend initialisation lines; the device table of the SYCL backend (`|ID| Device Type|...`) is its own table.
const NOISE = /^(?:ggml_[a-z_]+:|get_memory_info:|\[SYCL\]|found \d+ SYCL devices:|\|[ \t]*(?:(?:ID|\d+|-+)[ \t]*)?\|)/;

/** The header's column names, the rate column followed by its spread; null unless it is llama-bench's header. */
function columns(text: string): string[] | null {
  const cells = tableCells(text, '|');
  if (!cells || cells[0].text !== 'model' || cells[cells.length - 1].text !== RATE) return null;
  return cells.flatMap((c) => (c.text === RATE ? [RATE, SPREAD] : [c.text]));
}

/** A body row, its `mean ± std` cell cut in two; null unless the row prints one. */
function cells(text: string): TableCell[] | null {
  const found = tableCells(text, '|');
  if (!found || found.length < 2) return null;
  const last = found[found.length - 1];
  const m = MEAN_STD.exec(last.text);
  if (!m) return null;
  const spread = last.text.length - m[2].length;
  return [...found.slice(0, -1), { text: m[1], index: last.index }, { text: m[2], index: last.index + spread }];
}

export const llamaBench = defineFormat({
  id: 'llama-bench',
  title: '`llama-bench -o md` result tables (llama.cpp)',
  tool: { id: 'llama-bench', command: /(?:^|[\s/])llama-bench(?:\s|$)/, inProcess: true },
  // A table row with a `mean ± std` cell.
  signature: /^[ \t]*\|[^±]*±[ \t]*\d/,
  block: {
    header: (text) => (columns(text) ? 'llama-bench' : null),
    closer: null,
    closerText: '',
    section: (text) => isRuleRow(text, '|-:'),
  },
  table: { columns, cells, rows: 'runs', label: ['model', 'test'] },
  openers: [],
  labels: {
    model: metric('model', '', 'text'),
    size: metric('model_size', '', 'text'),
    params: metric('model_params', '', 'text'),
    backend: metric('backend', '', 'text'),
    ngl: metric('gpu_layers', ''),
    threads: metric('threads', ''),
    n_batch: metric('batch_size', 'tok'),
    n_ubatch: metric('ubatch_size', 'tok'),
    type_k: metric('kv_cache_type_k', '', 'text'),
    type_v: metric('kv_cache_type_v', '', 'text'),
    fa: metric('flash_attention', '', 'text'),
    mmap: metric('mmap', '', 'text'),
    sm: metric('split_mode', '', 'text'),
    mg: metric('main_gpu', '', 'text'),
    nkvo: metric('no_kv_offload', '', 'text'),
    embd: metric('embeddings', '', 'text'),
    ts: metric('tensor_split', '', 'text'),
    dev: metric('devices', '', 'text'),
    ot: metric('override_tensors', '', 'text'),
    n_cpu_moe: metric('cpu_moe_layers', ''),
    test: metric('test', '', 'text'),
    // Tokens processed over the test's time: the prompt tokens of `pp`, the generated ones of `tg`, both of `pp+tg`.
    [RATE]: metric('total_token_throughput', 'tok/s'),
    [SPREAD]: metric('std_total_token_throughput', 'tok/s'),
  },
  chatter: (text) => {
    if (INVOCATION.test(text)) return { kind: 'invocation', args: text };
    return NOISE.test(text) ? { kind: 'noise' } : null;
  },
  identities: [],
  requestLatency: [],
});
