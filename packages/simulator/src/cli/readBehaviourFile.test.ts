// @vitest-environment node
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { BehaviourFileError } from './errors/BehaviourFileError.js'
import { readBehaviourFile } from './readBehaviourFile.js'

const folder = mkdtempSync(join(tmpdir(), 'behaviour-'))
function file(name: string, text: string): string {
  const path = join(folder, name)
  writeFileSync(path, text)
  return path
}

async function issuesOf(path: string): Promise<readonly string[]> {
  const error = await readBehaviourFile(path).catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(BehaviourFileError)
  expect((error as BehaviourFileError).code).toBe('cli_behaviour_file_invalid')
  expect((error as BehaviourFileError).shortMessage).toBe(`Cannot use the behaviour file ${path}.`)
  return (error as BehaviourFileError).issues
}

test('default: a map of wire commands to behaviours', async () => {
  const behaviour = {
    pay: { outcome: 'reject', errorCode: 'insufficient_balance' },
    verify: { delay: 1500 },
    share: { outcome: 'drop' },
    'sign-message': { duplicate: true },
  }
  expect(await readBehaviourFile(file('ok.json', JSON.stringify(behaviour)))).toEqual(behaviour)
})

test('error: a command name that is not on the wire (a typo would silently approve)', async () => {
  const issues = await issuesOf(file('typo.json', '{"sendTransaction": {"outcome": "reject"}}'))
  expect(issues).toHaveLength(1)
  expect(issues[0]).toMatch(/^sendTransaction: not a wire command \(one of .*send-transaction/)
})

test('error: bad values, each with its place', async () => {
  expect(await issuesOf(file('bad.json', '{"pay": {"outcome": "maybe", "delay": -1, "duplicate": "yes", "extra": 1}}'))).toEqual([
    'pay.outcome: must be approve, reject or drop',
    'pay.delay: must be ≥ 0',
    'pay.duplicate: must be true or false',
    'pay: Unrecognized key: "extra"',
  ])
})

test('error: not an object', async () => {
  expect(await issuesOf(file('array.json', '[]'))).toEqual(['Invalid input: expected record, received array'])
})

test('error: not JSON', async () => {
  const issues = await issuesOf(file('text.json', 'pay: reject'))
  expect(issues[0]).toMatch(/^not JSON: /)
})

test('error: missing file', async () => {
  expect(await issuesOf(join(folder, 'missing.json'))).toEqual(['cannot read it (ENOENT)'])
})
