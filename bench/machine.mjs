// The machine a bench figure was measured on, printed with every figure (issue 28): absolute rates
// move with the machine, so a figure without its CPU model, core count and Node version cannot be
// compared with another. Plain JavaScript so scripts/bench.mjs (run by plain Node) and the
// TypeScript benches (bundled or run through tsx) share it; types in machine.d.mts.
import os from 'node:os';

/** CPU model, cores the process may use, Node's version and the 1-minute load average, as one line. */
export function machineLine() {
  const cpus = os.cpus();
  const model = cpus[0]?.model.trim().replace(/\s+/g, ' ') || 'unknown CPU';
  // availableParallelism honours CPU affinity (a container's cpuset), os.cpus() lists the host's.
  const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : cpus.length;
  return `machine: ${model}, ${cores} core${cores === 1 ? '' : 's'}, Node ${process.version}, load ${os.loadavg()[0].toFixed(2)}`;
}
