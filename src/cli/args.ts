/**
 * A small argv parser for the `lakescope` command: `<command> <table> [--flag value | --switch]…`.
 * Hand-written because the grammar is tiny and a dependency would add more surface than it saves.
 */
import { LakeError } from '../core/errors.ts';

export interface ParsedArgs {
  readonly command: string;
  readonly positionals: string[];
  readonly flags: Map<string, string | true>;
}

/** Parses `argv` (without node and script). `switches` lists the flags that take no value. */
export function parseArgs(argv: readonly string[], switches: ReadonlySet<string>): ParsedArgs {
  const [command = 'help', ...rest] = argv;
  const positionals: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (!a.startsWith('--')) { positionals.push(a); continue; }
    const eq = a.indexOf('=');
    const name = eq > 0 ? a.slice(2, eq) : a.slice(2);
    if (eq > 0) { flags.set(name, a.slice(eq + 1)); continue; }
    if (switches.has(name)) { flags.set(name, true); continue; }
    const value = rest[i + 1];
    // A missing value is reported by flagValue (or as an unknown option by checkFlags), whichever applies.
    if (value === undefined || value.startsWith('--')) { flags.set(name, true); continue; }
    flags.set(name, value);
    i++;
  }
  return { command, positionals, flags };
}

/** The string value of a flag, or undefined; a bare switch where a value is needed is an error. */
export function flagValue(args: ParsedArgs, name: string): string | undefined {
  const v = args.flags.get(name);
  if (v === true) throw new LakeError('DataInvalid', `cli: --${name} needs a value`, { flag: name });
  return v;
}

/** A positive integer flag. */
export function flagInt(args: ParsedArgs, name: string): number | undefined {
  const v = flagValue(args, name);
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v)) throw new LakeError('DataInvalid', `cli: --${name} must be a whole number, got "${v}"`, { flag: name });
  return Number(v);
}

/** Throws on flags the command does not know, so typos never pass silently. */
export function checkFlags(args: ParsedArgs, known: readonly string[]): void {
  for (const name of args.flags.keys()) {
    if (!known.includes(name)) throw new LakeError('DataInvalid', `cli: unknown option --${name} for "${args.command}" (known: ${known.map((k) => `--${k}`).join(', ') || 'none'})`, { flag: name });
  }
}
