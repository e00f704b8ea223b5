// The local stack's flags, one definition for the two commands that start it:
// `pnpm stack` and `pnpm dev` (which refused `--schedule-every-ms`, the flag
// the README offers to watch the scheduler work, as an unknown option).

/** parseFlags options of the flags both commands take. */
export const STACK_FLAG_OPTIONS = Object.freeze({
  offset: { type: /** @type {const} */ ('string') },
  databases: { type: /** @type {const} */ ('string') },
  'schedule-every-ms': { type: /** @type {const} */ ('string') },
})

/** The usage text of {@link STACK_FLAG_OPTIONS}. */
export const STACK_FLAG_USAGE = '[--offset N] [--databases N] [--schedule-every-ms N]'

/**
 * The stack options the flags ask for, or the problem with one of them (a
 * message for the user: the commands print it and exit 1 before starting anything).
 *
 * @param {Record<string, unknown>} values  parseFlags' values
 * @returns {{ offset: number, databases: number | undefined, scheduleEveryMs: number | undefined } | { problem: string }}
 * @example
 * readStackFlags({ 'schedule-every-ms': '5000' }) // { offset: 0, databases: undefined, scheduleEveryMs: 5000 }
 * readStackFlags({ offset: 'x' }) // { problem: '--offset takes a whole number of ports from 0 to 20000' }
 */
export function readStackFlags(values) {
  const number = (/** @type {unknown} */ value) =>
    value === undefined ? undefined : /^\d+$/.test(String(value)) ? Number(value) : Number.NaN
  const offset = number(values.offset) ?? 0
  if (!Number.isInteger(offset) || offset > 20_000) return { problem: '--offset takes a whole number of ports from 0 to 20000' }
  const databases = number(values.databases)
  if (databases !== undefined && (!Number.isInteger(databases) || databases < 1 || databases > 8)) {
    return { problem: '--databases takes a whole number of database instances from 1 to 8' }
  }
  const scheduleEveryMs = number(values['schedule-every-ms'])
  if (scheduleEveryMs !== undefined && (!Number.isInteger(scheduleEveryMs) || scheduleEveryMs < 100)) {
    return { problem: '--schedule-every-ms takes a whole number of milliseconds, at least 100' }
  }
  return { offset, databases, scheduleEveryMs }
}
