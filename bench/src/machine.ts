import os from 'node:os';

/** One line naming the machine and runtime of a benchmark run. */
export function machine(): string {
  return `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 1024 ** 3)} GiB, Node.js ${process.version}`;
}

export const today = () => new Date().toISOString().slice(0, 10);
