// A vitest reporter that appends one JSON line per test file and test case as each starts and ends, to the file
// named by WORLDMAP_VITEST_PROGRESS (`pnpm test` sets it). vitest's own reporters print a file only once it has
// ended, and its JSON report only once every file has: a run that hangs, or that CI stops at its time limit, left
// nothing that said which file and which test were running (CI run of 2026-11-30: vitest stopped after 5,289 s with
// no report). tooling/scripts/testWatchdog.mjs reads the lines back.
import { appendFileSync } from 'node:fs'

/**
 * @typedef {{ t: number, e: 'file-start' | 'file-end' | 'test-start' | 'test-end', file: string, project?: string,
 *   test?: string, state?: string }} ProgressLine
 */

export default class VitestProgress {
  constructor() {
    /** @type {string | undefined} */
    this.file = process.env.WORLDMAP_VITEST_PROGRESS
  }

  /** @param {Omit<ProgressLine, 't'>} line */
  write(line) {
    if (!this.file) return
    appendFileSync(this.file, `${JSON.stringify({ t: Date.now(), ...line })}\n`)
  }

  /** @param {import('vitest/node').TestModule} module */
  onTestModuleStart(module) {
    this.write({ e: 'file-start', file: module.moduleId, project: module.project.name })
  }

  /** @param {import('vitest/node').TestModule} module */
  onTestModuleEnd(module) {
    this.write({ e: 'file-end', file: module.moduleId, state: module.state() })
  }

  /** @param {import('vitest/node').TestCase} test */
  onTestCaseReady(test) {
    this.write({ e: 'test-start', file: test.module.moduleId, test: test.fullName })
  }

  /** @param {import('vitest/node').TestCase} test */
  onTestCaseResult(test) {
    this.write({ e: 'test-end', file: test.module.moduleId, test: test.fullName, state: test.result().state })
  }
}
