// One way for the repository's scripts to read their command line: strictly.
// A script that ignored an unknown flag ran anyway with its defaults (`pnpm
// stack -- --tset` started the dev stack, `pnpm test -- --bogus` the whole
// suite): a typo must stop it before it starts anything.
import { parseArgs } from 'node:util'

/** Exit status of a command line to fix, as `pnpm run deploy` and `worldmap-simulator` use it. */
export const USAGE_EXIT_CODE = 2

/**
 * Parse `argv` with node:util's `parseArgs` in strict mode (`--` tokens, which
 * pnpm passes through, are dropped); `check` may return a message for a bad
 * value. On an unknown flag, a missing or bad value or a stray argument, print
 * the problem and `usage` to stderr and end the process with status 2 before
 * the script does anything.
 *
 * @param {string[]} argv  the arguments after the script (`process.argv.slice(2)`)
 * @param {{ usage: string, options?: import('node:util').ParseArgsConfig['options'], allowPositionals?: boolean, check?: (values: Record<string, unknown>, positionals: string[]) => string | undefined }} config
 * @returns {{ values: Record<string, string | boolean | undefined>, positionals: string[] }}
 * @example
 * const { values } = parseFlags(process.argv.slice(2), {
 *   usage: 'pnpm stack [-- --test] [--offset N]',
 *   options: { test: { type: 'boolean' }, offset: { type: 'string' } },
 *   check: ({ offset }) => (offset !== undefined && !/^\d+$/.test(String(offset)) ? '--offset takes a whole number' : undefined),
 * })
 */
export function parseFlags(argv, { usage, options = {}, allowPositionals = false, check }) {
  let parsed
  let problem
  try {
    parsed = parseArgs({ args: argv.filter((arg) => arg !== '--'), options, allowPositionals, strict: true })
    problem = check?.(parsed.values, parsed.positionals)
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error)
  }
  if (problem !== undefined || !parsed) {
    process.stderr.write(`${problem}\nusage: ${usage}\n`)
    process.exit(USAGE_EXIT_CODE)
  }
  return /** @type {{ values: Record<string, string | boolean | undefined>, positionals: string[] }} */ (parsed)
}
