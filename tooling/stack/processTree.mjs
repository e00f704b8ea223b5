import { readdirSync, readFileSync } from 'node:fs'

/** Linux clock ticks per second (`getconf CLK_TCK`), 100 on every common kernel. */
const TICKS_PER_SECOND = 100

/**
 * @typedef {{ pid: number, ppid: number, cpuSeconds: number }} ProcessInfo
 */

/**
 * A snapshot of the processes under `rootPid` (itself included), read from
 * `/proc`: their CPU time so far (user + system, seconds). `null` where there
 * is no `/proc` or no such process.
 *
 * @param {number} rootPid
 * @returns {ProcessInfo[] | null}
 * @example
 * ```js
 * const tree = readProcessTree(stackPid)
 * const cpuSeconds = tree?.reduce((sum, process) => sum + process.cpuSeconds, 0)
 * ```
 */
export function readProcessTree(rootPid) {
  let entries
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name))
  } catch {
    return null
  }
  /** @type {Map<number, ProcessInfo>} */
  const all = new Map()
  for (const entry of entries) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // The command name may hold spaces and parentheses: the fields start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const pid = Number(entry)
      all.set(pid, { pid, ppid: Number(fields[1]), cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND })
    } catch {
      // Gone meanwhile.
    }
  }
  const root = all.get(rootPid)
  if (!root) return null
  const tree = [root]
  const inTree = new Set([rootPid])
  for (let grew = true; grew; ) {
    grew = false
    for (const process of all.values()) {
      if (!inTree.has(process.pid) && inTree.has(process.ppid)) {
        inTree.add(process.pid)
        tree.push(process)
        grew = true
      }
    }
  }
  return tree
}

/**
 * Send `signal` to `rootPid` and every process under it, read before any is
 * signalled (a killed parent's children move to init and leave its tree).
 * A process group reaches only what stayed in it: the emulators a stack
 * starts lead groups of their own, so killing the stack's group alone left
 * them running, holding their ports, after a stuck start was given up on.
 *
 * @param {number | undefined} rootPid @param {NodeJS.Signals} signal
 * @example
 * ```js
 * signalTree(child.pid, 'SIGKILL') // the command and all it started, in whatever group
 * ```
 */
export function signalTree(rootPid, signal) {
  if (!rootPid) return
  for (const { pid } of readProcessTree(rootPid) ?? [{ pid: rootPid }]) {
    try {
      process.kill(pid, signal)
    } catch {
      // Gone meanwhile.
    }
  }
}
