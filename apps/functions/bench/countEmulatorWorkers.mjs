import { readFileSync } from 'node:fs'
import { readProcessTree } from '../../../tooling/stack/processTree.mjs'

/**
 * How many Functions emulator worker processes each function has under
 * `rootPid` (a worker's environment names its function: `FUNCTION_TARGET`).
 * Empty where there is no `/proc`.
 *
 * @param {number} rootPid
 * @returns {Map<string, number>}
 * @example
 * ```js
 * countEmulatorWorkers(stackPid).get('collectDrop') // 8
 * ```
 */
export function countEmulatorWorkers(rootPid) {
  const counts = new Map()
  for (const { pid } of readProcessTree(rootPid) ?? []) {
    let environment = ''
    try {
      environment = readFileSync(`/proc/${pid}/environ`, 'utf8')
    } catch {
      continue
    }
    const target = /(?:^|\0)FUNCTION_TARGET=([^\0]*)/.exec(environment)?.[1]
    if (target) counts.set(target, (counts.get(target) ?? 0) + 1)
  }
  return counts
}
