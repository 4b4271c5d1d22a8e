/**
 * The CLI in-process for tests: `main()` with its standard output and error collected, so loops over
 * fixtures and versions cost no subprocess (real subprocess smoke runs live in cli.test.ts).
 */
import { main, type MainOptions } from './main.ts';

/** What one in-process run printed and returned. */
export interface CliRun { code: number; out: string; err: string }

/** Runs `lakescope <argv>` in this process (with `options`, e.g. extra formats); every printed line ends with a newline, as on a terminal. */
export async function runMain(argv: string[], options: MainOptions = {}): Promise<CliRun> {
  let out = ''; let err = '';
  const code = await main(argv, (t) => { out += `${t}\n`; }, (t) => { err += `${t}\n`; }, options);
  return { code, out, err };
}
