/** Every command prints human lines, or with --json one JSON object as the last line of stdout. */
export class CliError extends Error {
  override name = 'CliError';
}

export type Flags = Record<string, string | boolean | undefined>;

export function required(flags: Flags, name: string): string {
  const value = flags[name];
  if (typeof value !== 'string' || value === '') throw new CliError(`--${name} is required`);
  return value;
}

export interface Output {
  json: boolean;
  /** A line for people; hidden under --json so the JSON object stays the last line. */
  info(line: string): void;
  result(value: Record<string, unknown>, human: () => string[]): void;
}

export function createOutput(json: boolean): Output {
  return {
    json,
    info(line) {
      if (!json) process.stdout.write(`${line}\n`);
    },
    result(value, human) {
      // One write: a reader of the pipe (a supervisor, a test waiting for the banner) gets the
      // whole result at once, never its first line alone.
      const lines = json ? [JSON.stringify(value)] : human();
      if (lines.length > 0) process.stdout.write(lines.map((line) => `${line}\n`).join(''));
    },
  };
}

/** A progress bar on stderr, drawn only when stderr is a terminal. */
export function progressBar(label: string): (done: number, total: number) => void {
  if (!process.stderr.isTTY) return () => {};
  return (done, total) => {
    const width = 30;
    const filled = total === 0 ? width : Math.round((done / total) * width);
    process.stderr.write(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`);
    if (done >= total) process.stderr.write('\n');
  };
}
