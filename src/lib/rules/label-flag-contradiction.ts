/**
 * `label-flag-contradiction` (error): A variant label (`TP4`, `EP4`, `PP2`, `DP2`, `FP8`, `AWQ`, an engine) contradicts its serving command's flags.
 *
 * Examples: `examples` below holds an ok and a not-ok page; the tests check both and docs/rules.md#label-flag-contradiction shows them.
 */
import { emit } from '../diagnostics.js';
import { canonicalEngine, engineOfTool } from '../model/command.js';
import type { Command } from '../schemas/report.js';
import { DP_FLAGS, EP_FLAGS, PP_FLAGS, TP_FLAGS, flag, flagsOf, sizeOf } from './shared/commands.js';
import { reportPage, scriptBlock } from './shared/examples.js';
import type { Rule } from './types.js';

/** A TP4 expert-parallel serving script under `label`. */
const page = (label: string) =>
  reportPage({
    title: 'Optimizing Demo-30B Throughput on NVIDIA H100 GPUs',
    results: [
      '### 3. Parallelism in vLLM',
      scriptBlock({ label, command: 'vllm serve Demo/Demo-30B --tensor-parallel-size 4 --enable-expert-parallel' }),
    ],
  });

type Check = { what: string; stated: string; found: string } | null;

/** Parallelism tokens of a label: `TP4`, `PP2`, `EP`, `DP2`, `TP8EP8`, `TP4+EP4`. Upper case only: `tp` in prose is not a label. */
const TOKEN = /(?<![A-Za-z])(TP|PP|EP|DP)(\d*)(?![a-z])/g;

/**
 * A variant label that contradicts its serving command: `TP4` over `-tp 8` (or over no tensor parallelism),
 * `PP4`, `EP`/`EP4`, `DP2` likewise; `FP8`/`AWQ` over a command that neither serves a quantized model nor sets
 * `--quantization`; an engine name (`vLLM FP8`) over another engine's launcher. Labels that are flag strings
 * (`# --max-num-batched-tokens 4096`) label sweep results, not the script, and are not compared.
 */
export const labelFlagContradiction: Rule = {
  id: 'label-flag-contradiction',
  severity: 'error',
  description: "A variant label (`TP4`, `EP4`, `PP2`, `DP2`, `FP8`, `AWQ`, an engine) contradicts its serving command's flags.",
  fix: "Make the label match the command's flags (or the flags match the label), then re-run if the command was wrong.",
  examples: { ok: page('TP4+EP'), notOk: page('TP8+EP') },
  check({ report, file }) {
    const seen = new Set<string>();
    for (const exp of report.experiments) {
      for (const v of exp.variants) {
        if (!v.command || /^[-#]/.test(v.label.trim()) || v.label.length > 40) continue;
        const key = `${v.line}:${v.command.line}`;
        if (seen.has(key)) continue;
        seen.add(key);
        for (const c of contradictions(v.label, v.command)) {
          if (!c) continue;
          emit(
            file,
            'label-flag-contradiction',
            'error',
            { line: v.line, column: 1 },
            `Unexpected ${c.what} in label \`${v.label}\`: it says ${c.stated}, the serving command has ${c.found}`,
            {
              expected: c.found,
              actual: c.stated,
              cause: { file: report.path, line: v.command.line, note: 'serving command' },
            },
          );
        }
      }
    }
  },
};

function contradictions(label: string, command: Command): Check[] {
  const out: Check[] = [];
  for (const m of label.matchAll(TOKEN)) {
    const kind = m[1];
    const stated = m[2] ? Number.parseInt(m[2], 10) : null;
    if (kind === 'EP') {
      const size = flag(command, EP_FLAGS);
      const enabled =
        flag(command, ['--enable-expert-parallel', '--enable-ep-moe']) !== null || (size !== null && Number.parseInt(size, 10) > 1);
      if (!enabled) out.push({ what: 'expert parallelism', stated: label, found: 'no expert parallelism' });
      else if (stated !== null && size !== null && Number.parseInt(size, 10) !== stated)
        out.push({ what: 'expert-parallel size', stated: `EP${stated}`, found: `EP size ${size}` });
      continue;
    }
    const names = kind === 'TP' ? TP_FLAGS : kind === 'PP' ? PP_FLAGS : DP_FLAGS;
    const size = sizeOf(command, names);
    if (kind === 'DP' && flag(command, ['--enable-dp-attention']) !== null && stated === null) continue;
    if (stated === null ? size < 2 : size !== stated) {
      out.push({
        what: `${kind} size`,
        stated: stated === null ? kind : `${kind}${stated}`,
        found: size === 1 && flag(command, names) === null ? `no ${kind} flag (size 1)` : `${kind} size ${size}`,
      });
    }
  }
  const quant = /(?<![A-Za-z])(FP8|FP4|NVFP4|MXFP4|AWQ|GPTQ|W8A8|W4A16|INT4|INT8)(?![A-Za-z0-9])/i.exec(label);
  if (quant && !/kv/i.test(label)) {
    const q = quant[1].toLowerCase();
    const inModel = (command.model ?? command.text).toLowerCase().includes(q);
    const inFlags = flagsOf(command).some((f) => /^--(quantization|dtype|quant)\b/.test(f.name) && f.text.toLowerCase().includes(q));
    if (!inModel && !inFlags)
      out.push({
        what: 'quantization',
        stated: quant[1],
        found: `model \`${command.model ?? '?'}\` without ${quant[1]} and no \`--quantization\``,
      });
  }
  const engine = engineOfTool(command.tool);
  const named = label
    .split(/[\s+/]+/)
    .map((w) => canonicalEngine(w))
    .filter((e): e is string => !!e);
  if (engine && named.length > 0 && !named.includes(engine))
    out.push({ what: 'engine', stated: named.join('/'), found: `a ${engine} launcher` });
  return out;
}
