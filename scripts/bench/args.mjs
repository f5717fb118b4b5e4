// Command-line options of `npm run bench`.
export const PARTS = ['perflab', 'mkdocs', 'hugo', 'bare', 'rebuild', 'dev', 'check', 'weight'];

export function parseArgs(argv) {
  const o = {
    sizes: [30, 300, 1000, 3000, 10000],
    mkdocsMax: 3000,
    bareMax: 3000,
    reps: 3,
    seed: 1,
    smoke: false,
    only: PARTS,
    out: null,
    project: null,
    strict: false,
    timeoutMin: null,
    merge: null,
    help: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=');
    const value = () => inline ?? argv[++i];
    if (flag === '--smoke') o.smoke = true;
    else if (flag === '--strict') o.strict = true;
    else if (flag === '--timeout') o.timeoutMin = Number(value());
    else if (flag === '--sizes') o.sizes = value().split(',').map(Number);
    else if (flag === '--reps') o.reps = Number(value());
    else if (flag === '--mkdocs-max') o.mkdocsMax = Number(value());
    else if (flag === '--bare-max') o.bareMax = Number(value());
    else if (flag === '--seed') o.seed = Number(value());
    else if (flag === '--only') o.only = value().split(',');
    else if (flag === '--out') o.out = value();
    else if (flag === '--project') o.project = value();
    else if (flag === '--merge') o.merge = value();
    else if (flag === '--help' || flag === '-h') o.help = true;
    else throw new Error(`Unknown option \`${argv[i]}\`; see \`npm run bench -- --help\``);
  }
  if (o.smoke) {
    o.sizes = [30];
    o.reps = 1;
  }
  o.timeoutMin ??= o.smoke ? 10 : 45;
  if (o.sizes.some((n) => !Number.isInteger(n) || n < 1)) throw new Error('--sizes takes positive integers, e.g. `--sizes 30,300`');
  if (!Number.isInteger(o.mkdocsMax) || o.mkdocsMax < 0)
    throw new Error('--mkdocs-max takes a whole number of reports, e.g. `--mkdocs-max 3000`');
  if (!Number.isInteger(o.bareMax) || o.bareMax < 0) throw new Error('--bare-max takes a whole number of reports, e.g. `--bare-max 3000`');
  if (!Number.isInteger(o.reps) || o.reps < 1) throw new Error('--reps takes a positive integer, e.g. `--reps 3`');
  const bad = o.only.filter((p) => !PARTS.includes(p));
  if (bad.length) throw new Error(`--only: unknown part(s) ${bad.join(', ')}; choose from ${PARTS.join(', ')}`);
  return o;
}

export const HELP = `npm run bench -- [options]
  --sizes 30,300       corpus sizes N (default 30,300,1000,3000,10000)
  --reps 3             repetitions, interleaved across sizes and tools (default 3)
  --mkdocs-max 3000    largest N built with MkDocs; above it its time is extrapolated (default 3000)
  --bare-max 3000      largest N built with bare Astro (it held 5.4 GiB at 3,000; default 3000)
  --seed 1             generator seed
  --only a,b           parts: ${PARTS.join(', ')}
  --out FILE           results file (default bench/RESULTS.md; bench/work/RESULTS.smoke.md with --smoke)
  --merge FILE         keep the other sizes' rows from an earlier results.json
  --project DIR        build the site of another checkout (default: this one)
  --smoke              N=30, one repetition, skips tools that are not installed
  --timeout 45         minutes before one build or check is stopped (10 with --smoke)
  --strict             exit 1 when any part failed (default: report it and exit 0)
Work files go to bench/work/ (gitignored).`;
