/** One line of the console's output. */
export interface OutputLine {
  /** `command` marks the echo of a line the administrator ran. */
  level: 'info' | 'warn' | 'error' | 'command';
  text: string;
  /** A run that became a process links to it. */
  processId?: string;
}

/**
 * The output, kept outside React state: a long stream appends thousands of lines, and
 * copying the whole list on every batch would make each append cost the length of the list.
 * Readers re-render on `version`.
 */
export class OutputBuffer {
  readonly lines: OutputLine[] = [];
  version = 0;

  append(lines: readonly OutputLine[]): void {
    if (lines.length === 0) return;
    for (const line of lines) this.lines.push(line);
    this.version += 1;
  }

  clear(): void {
    this.lines.length = 0;
    this.version += 1;
  }
}

/**
 * The name of a command export (`export records to zip`) whose download URL a line of output
 * carries, e.g. `… 3 records exported: /api/v1/commands/exports/records-….zip`; undefined
 * when there is none. The console offers it as a download: the URL needs the session token,
 * so a plain link would not work.
 */
export function exportNameIn(text: string): string | undefined {
  return /\/commands\/exports\/([A-Za-z0-9][A-Za-z0-9_-]*\.zip)(?=\s|$)/.exec(text)?.[1];
}
