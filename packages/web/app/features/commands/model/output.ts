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
