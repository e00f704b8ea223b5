import type { ConfigProblem } from '../errors/ConfigProblemsError.js'

/** Anything with a zod-style `safeParse` (zod and zod/mini alike): the format of one variable. */
export interface EnvSchema<output> {
  safeParse(value: unknown): { success: true; data: output } | { success: false }
}

/** Reads one environment while collecting its problems: the first reason reported per variable wins. */
export interface EnvReader<variable extends string> {
  /** The raw value; an empty (or blank) one counts as unset. */
  read(variable: variable): string | undefined
  /** Records a problem with `variable`, unless it already has one. */
  report(variable: variable, reason: string): void
  /** Whether `variable` has a problem already. */
  has(variable: variable): boolean
  /** The parsed value, or `undefined` when unset or invalid (then reported with `reason`). */
  parse<output>(variable: variable, schema: EnvSchema<output>, reason: string): output | undefined
  /** Reports `variable` as `is not set` when it is unset. */
  required(variable: variable): void
  /** The problems, in the order of the variables given to {@link createEnvReader}. */
  problems(): ConfigProblem[]
}

/**
 * A reader of environment variables that gathers every problem rather than
 * stopping at the first, as the functions, the app server and the app's
 * public configuration all report them: each bad variable once, with why
 * (never its value), in the order the variables are listed. An empty
 * variable is an unset one: env files and secret stores make empty values easily.
 *
 * @param env the environment (`process.env`, the public `PUBLIC_ENV__*` values)
 * @param variables every variable read, in the order problems are reported
 * @example
 * ```ts
 * const reader = createEnvReader(process.env, ['WORLDMAP_MODE', 'PORT'] as const)
 * const port = reader.parse('PORT', z.coerce.number().int(), 'must be a port number')
 * if (reader.problems().length > 0) throw new ServerConfigError(reader.problems())
 * ```
 */
export function createEnvReader<variable extends string>(
  env: Readonly<Record<string, string | undefined>>,
  variables: readonly variable[],
): EnvReader<variable> {
  const found = new Map<variable, string>()
  const read = (variable: variable) => {
    const value = env[variable]
    return value === undefined || value.trim() === '' ? undefined : value
  }
  const report = (variable: variable, reason: string) => {
    if (!found.has(variable)) found.set(variable, reason)
  }
  return {
    read,
    report,
    has: (variable) => found.has(variable),
    parse: (variable, schema, reason) => {
      const value = read(variable)
      if (value === undefined) return undefined
      const result = schema.safeParse(value)
      if (result.success) return result.data
      report(variable, reason)
      return undefined
    },
    required: (variable) => {
      if (read(variable) === undefined) report(variable, 'is not set')
    },
    problems: () =>
      variables.flatMap((variable) => {
        const reason = found.get(variable)
        return reason === undefined ? [] : [{ variable, reason }]
      }),
  }
}
