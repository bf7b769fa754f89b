import { readFileSync, writeFileSync } from 'node:fs';

/** Reads a `Vm…` line of /proc/<pid>/status in bytes. */
export function procStatusBytes(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!match) throw new Error(`/proc/${pid}/status has no ${field}`);
  return Number(match[1]) * 1024;
}

/**
 * Resets the kernel's peak resident set size (VmHWM) of a process, so that VmHWM afterwards
 * is the exact peak of what follows, without gaps between samples. Linux ≥ 4.0; answers
 * false where the reset is refused.
 */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export interface MemoryReading {
  /** Resident set size when the watch started. */
  baselineBytes: number;
  /** Highest resident set size seen while it ran (kernel peak and samples). */
  peakBytes: number;
  growthBytes: number;
  samples: number;
  /** Whether the kernel's peak (VmHWM after a reset) was used besides the samples. */
  kernelPeak: boolean;
}

/**
 * Watches the resident memory of another process: the baseline now, then VmRSS sampled every
 * `intervalMs` and the kernel's own peak, until `stop`.
 */
export function watchMemory(pid: number, intervalMs = 10) {
  const kernelPeak = resetPeak(pid);
  const baselineBytes = procStatusBytes(pid, 'VmRSS');
  let peak = baselineBytes;
  let samples = 0;
  const sample = () => {
    try {
      peak = Math.max(peak, procStatusBytes(pid, 'VmRSS'));
      samples += 1;
    } catch {
      // the process is gone
    }
  };
  const timer = setInterval(sample, intervalMs);
  return {
    stop(): MemoryReading {
      clearInterval(timer);
      sample();
      if (kernelPeak) peak = Math.max(peak, procStatusBytes(pid, 'VmHWM'));
      return {
        baselineBytes,
        peakBytes: peak,
        growthBytes: peak - baselineBytes,
        samples,
        kernelPeak,
      };
    },
  };
}
