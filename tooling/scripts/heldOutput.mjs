// What the log shows of a step that ran beside the browser tests with its output held back (tooling/scripts/test.mjs).

/** Lines of a failed step's output the log shows; the rest stay in its file. */
const FAILED_TAIL_LINES = 60
/** Output this short is shown whole even when the step passed (the README commands' one line per check). */
const SHORT_LINES = 25

/**
 * The file a step's held output is kept in, under the results folder: its name in lower case, dashes for the rest.
 *
 * @example
 * heldOutputFile('package lint (publint, attw)') // 'package-lint-publint-attw.log'
 *
 * @param {string} stepName
 */
export function heldOutputFile(stepName) {
  return `${stepName
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()}.log`
}

/**
 * What the log prints of a held-back step's output: its last lines when it failed, all of it when it is short, else
 * one line saying where it is. Passing steps once printed hundreds of lines (every packed file, every attw table)
 * after vitest's failures, and CI's page, a window near the log's end, held none of the failures.
 *
 * @example
 * heldOutputShown('ok\n', { failed: 0 }, '.test-results/biome.log') // 'ok\n'
 *
 * @param {string} text  the step's whole output
 * @param {{ failed: number }} result
 * @param {string} where  the file the whole output is kept in, as the log names it
 */
export function heldOutputShown(text, result, where) {
  const lines = text.replace(/\n$/, '').split('\n')
  if (result.failed === 0 && lines.length > SHORT_LINES) return `(${lines.length} lines of output in ${where})\n`
  const shown = lines.slice(-FAILED_TAIL_LINES)
  const earlier = lines.length - shown.length
  return `${earlier > 0 ? `… ${earlier} earlier lines in ${where}\n` : ''}${shown.join('\n')}\n`
}
