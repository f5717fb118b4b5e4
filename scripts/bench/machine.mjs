// One-line description of the machine the figures come from.
import os from 'node:os';
import { readFileSync } from 'node:fs';

export function machine() {
  const cpus = os.cpus();
  let distro = os.type();
  try {
    distro = /PRETTY_NAME="([^"]+)"/.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] ?? distro;
  } catch {}
  return {
    cores: cpus.length,
    cpu: cpus[0]?.model?.trim() ?? 'unknown',
    memGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    os: `${distro}, ${os.arch()}`,
  };
}
