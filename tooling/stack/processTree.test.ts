import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, test } from 'vitest'
// @ts-expect-error plain ESM script without type declarations; its JSDoc is the contract
import { readProcessTree, signalTree } from './processTree.mjs'

/** Running, not a zombie (a killed orphan waits for whoever adopts it to reap it; that is not a leak). */
const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z'
  } catch {
    return false
  }
}

/** Polls until `check` holds or 10 s pass (a process takes a moment to start or to be reaped). */
async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((done) => setTimeout(done, 50))
  return check()
}

const started: ChildProcess[] = []
let leaderPid = 0
afterEach(() => {
  for (const pid of [leaderPid, ...started.map((child) => child.pid ?? 0)]) {
    try {
      if (pid) process.kill(pid, 'SIGKILL')
    } catch {
      // Already gone: what the test wanted.
    }
  }
  started.length = 0
  leaderPid = 0
})

/**
 * A parent in its own group that starts a child leading a group of its own, as the stack starts the emulators,
 * and prints the child's pid.
 */
async function parentWithDetachedChild(): Promise<{ parent: ChildProcess; childPid: number }> {
  const script = `
    const { spawn } = require('node:child_process')
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { detached: true, stdio: 'ignore' })
    console.log(child.pid)
    setInterval(() => {}, 1000)`
  const parent = spawn(process.execPath, ['-e', script], { detached: true, stdio: ['ignore', 'pipe', 'inherit'] })
  started.push(parent)
  const childPid = await new Promise<number>((done) => parent.stdout?.once('data', (chunk) => done(Number(String(chunk).trim()))))
  leaderPid = childPid
  return { parent, childPid }
}

describe('signalTree', () => {
  test('behavior: reaches a process that leads a group of its own, which a signal to the parent group misses', async () => {
    const { parent, childPid } = await parentWithDetachedChild()
    process.kill(-(parent.pid ?? 0), 'SIGKILL')
    expect(await until(() => !alive(parent.pid ?? 0) || parent.exitCode !== null || parent.signalCode !== null)).toBe(true)
    // The group kill left the child running: the leak the README check had.
    expect(alive(childPid)).toBe(true)
    process.kill(childPid, 'SIGKILL')

    const second = await parentWithDetachedChild()
    expect(readProcessTree(second.parent.pid).map((each: { pid: number }) => each.pid)).toContain(second.childPid)
    signalTree(second.parent.pid, 'SIGKILL')
    expect(await until(() => !alive(second.childPid))).toBe(true)
    expect(await until(() => second.parent.signalCode === 'SIGKILL')).toBe(true)
  })

  test('error: a pid that is gone, or none, is not an error', () => {
    expect(() => signalTree(undefined, 'SIGKILL')).not.toThrow()
    expect(() => signalTree(2 ** 22 + 7, 'SIGKILL')).not.toThrow()
  })
})
