// The pieces of the fresh-tree check that decide what it runs on; the check itself
// (the README's commands from a copy with no build output) is a step of `pnpm test`.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { copyWorkTree, tail } from './readmeCommands.mjs'

const made: string[] = []
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'readme-commands-test-'))
  made.push(dir)
  return dir
}
const git = (cwd: string, ...args: string[]) => {
  const run = spawnSync('git', args, { cwd, encoding: 'utf8' })
  if (run.status !== 0) throw new Error(run.stderr)
}

describe('copyWorkTree', () => {
  test('behavior: a clone plus the uncommitted work — tracked files as on disk, untracked ones git keeps, nothing ignored or deleted', () => {
    const source = tempDir()
    git(source, 'init', '-q')
    writeFileSync(join(source, '.gitignore'), 'dist/\nnode_modules/\n')
    mkdirSync(join(source, 'pkg/src'), { recursive: true })
    writeFileSync(join(source, 'pkg/src/a.ts'), 'committed')
    writeFileSync(join(source, 'gone.txt'), 'deleted after the commit')
    git(source, 'add', '-A')
    git(source, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'x')
    writeFileSync(join(source, 'pkg/src/a.ts'), 'edited, not committed')
    writeFileSync(join(source, 'pkg/src/new.ts'), 'untracked')
    rmSync(join(source, 'gone.txt'))
    mkdirSync(join(source, 'pkg/dist'))
    writeFileSync(join(source, 'pkg/dist/a.js'), 'build output')
    mkdirSync(join(source, 'node_modules'))
    writeFileSync(join(source, 'node_modules/x.js'), 'installed')

    const target = tempDir()
    expect(copyWorkTree(source, target)).toBe(3)
    expect(readFileSync(join(target, 'pkg/src/a.ts'), 'utf8')).toBe('edited, not committed')
    expect(readFileSync(join(target, 'pkg/src/new.ts'), 'utf8')).toBe('untracked')
    expect(existsSync(join(target, '.gitignore'))).toBe(true)
    expect(existsSync(join(target, 'gone.txt'))).toBe(false)
    expect(existsSync(join(target, 'pkg/dist'))).toBe(false)
    expect(existsSync(join(target, 'node_modules'))).toBe(false)
  })

  test('error: a directory that is no git work tree', () => {
    expect(() => copyWorkTree(tempDir(), tempDir())).toThrow('git ls-files failed')
  })
})

describe('tail', () => {
  test('default: the last lines that say something, indented, without colours', () => {
    expect(tail('one\n\u001b[31mtwo\u001b[39m\n\n  three  \n', 2)).toBe('    two\n      three')
  })
})
