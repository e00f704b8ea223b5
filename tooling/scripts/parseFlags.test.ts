// Every command-line entry of the repository refuses a bad start with a
// non-zero status before it starts anything: 2 for a command line to fix,
// 1 for an environment or a missing build. Each case is cheap because the
// entry stops before its work (a regression would start a stack, the whole
// suite or a build: the timeout bounds that).
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { parseFlags, USAGE_EXIT_CODE } from './parseFlags.mjs'

const root = fileURLToPath(new URL('../..', import.meta.url))

afterEach(() => {
  vi.restoreAllMocks()
})

describe('parseFlags', () => {
  test('default: strict values, with the `--` pnpm passes through dropped', () => {
    const parsed = parseFlags(['--', '--test', '--offset', '300'], {
      usage: 'x',
      options: { test: { type: 'boolean' }, offset: { type: 'string' } },
    })
    expect(parsed).toEqual({ values: { test: true, offset: '300' }, positionals: [] })
  })

  test.each([
    ['an unknown flag', ['--tset'], "Unknown option '--tset'"],
    ['a stray argument', ['extra'], "Unexpected argument 'extra'"],
    ['a value check', ['--offset', 'x'], '--offset must be a number'],
  ])('error: %s prints the problem and the usage, then exits 2', (_name, argv, problem) => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => {
      throw new Error('exited')
    }) as never)
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    expect(() =>
      parseFlags(argv, {
        usage: 'pnpm x [--offset N]',
        options: { offset: { type: 'string' } },
        check: ({ offset }) => (Number.isNaN(Number(offset)) ? '--offset must be a number' : undefined),
      }),
    ).toThrow('exited')
    expect(exit).toHaveBeenCalledExactlyOnceWith(USAGE_EXIT_CODE)
    expect(String(stderr.mock.calls[0]?.[0])).toContain(problem)
    expect(String(stderr.mock.calls[0]?.[0])).toContain('usage: pnpm x [--offset N]')
  })
})

describe('the entries refuse a bad start', () => {
  test.each<{ name: string; script: string; args: string[]; env?: Record<string, string>; status: number; message: string }>([
    {
      name: 'pnpm stack, an unknown flag',
      script: 'tooling/scripts/stack.mjs',
      args: ['--tset'],
      status: 2,
      message: "Unknown option '--tset'",
    },
    {
      name: 'pnpm stack, a stray argument',
      script: 'tooling/scripts/stack.mjs',
      args: ['--test', '300'],
      status: 2,
      message: "Unexpected argument '300'",
    },
    {
      name: 'pnpm stack, a bad value',
      script: 'tooling/scripts/stack.mjs',
      args: ['--offset', 'x'],
      status: 1,
      message: '--offset takes a whole number',
    },
    {
      name: 'pnpm dev, a flag',
      script: 'tooling/scripts/dev.mjs',
      args: ['--port', '3000'],
      status: 2,
      message: "Unknown option '--port'",
    },
    {
      name: 'pnpm dev, a bad --schedule-every-ms (the stack flag it now takes)',
      script: 'tooling/scripts/dev.mjs',
      args: ['--schedule-every-ms', '50'],
      status: 1,
      message: '--schedule-every-ms takes a whole number of milliseconds, at least 100',
    },
    {
      name: 'pnpm dev, a bad --offset',
      script: 'tooling/scripts/dev.mjs',
      args: ['--', '--offset=-1'],
      status: 1,
      message: '--offset takes a whole number of ports from 0 to 20000',
    },
    {
      name: 'pnpm dev, a bad PORT',
      script: 'tooling/scripts/dev.mjs',
      args: [],
      env: { PORT: 'abc' },
      status: 1,
      message: 'PORT must be a port number',
    },
    {
      name: 'pnpm test, a flag',
      script: 'tooling/scripts/test.mjs',
      args: ['--project', 'game'],
      status: 2,
      message: "Unknown option '--project'",
    },
    {
      name: 'pnpm size, an unknown flag',
      script: 'tooling/scripts/size.mjs',
      args: ['--jsn'],
      status: 2,
      message: "Unknown option '--jsn'",
    },
    {
      name: 'pnpm size, a bad --top',
      script: 'tooling/scripts/size.mjs',
      args: ['--top=all'],
      status: 2,
      message: '--top takes a whole number',
    },
    {
      name: 'pnpm preview:prod, a flag',
      script: 'tooling/scripts/previewProd.mjs',
      args: ['--fast'],
      status: 2,
      message: "Unknown option '--fast'",
    },
    {
      name: 'pnpm preview:prod, a bad --offset',
      script: 'tooling/scripts/previewProd.mjs',
      args: ['--offset', '30000'],
      status: 2,
      message: '--offset takes a whole number of ports from 0 to 20000',
    },
    {
      name: 'buildFirst, a command it does not know',
      script: 'tooling/scripts/buildFirst.mjs',
      args: ['lint'],
      status: 2,
      message: 'expected one command the table knows',
    },
    {
      name: 'the README commands check, a bad --offset',
      script: 'tooling/scripts/readmeCommands.mjs',
      args: ['--offset', 'far'],
      status: 2,
      message: '--offset takes a whole number of ports from 0 to 20000',
    },
    {
      name: 'the functions build, an unknown flag',
      script: 'apps/functions/build.mjs',
      args: ['--srr', 'x'],
      status: 2,
      message: "Unknown option '--srr'",
    },
    {
      name: 'the functions build, no app build to wrap',
      script: 'apps/functions/build.mjs',
      args: ['--ssr', '/nonexistent-vike-build', '--outdir', '/nonexistent-vike-build/out'],
      status: 1,
      message: '/nonexistent-vike-build/server/index.mjs is missing: run `vike build` first',
    },
    {
      name: 'importGraph, an unknown flag',
      script: 'tooling/scripts/importGraph.mjs',
      args: ['--jsonn'],
      status: 2,
      message: "Unknown option '--jsonn'",
    },
    {
      name: 'measureFirstLoad, a bad budget',
      script: 'apps/miniapp/scripts/measureFirstLoad.mjs',
      args: ['--budget-kib=lots'],
      status: 2,
      message: '--budget-kib takes a number',
    },
    {
      name: 'renderIcons, a flag',
      script: 'apps/miniapp/scripts/renderIcons.mjs',
      args: ['--size=64'],
      status: 2,
      message: "Unknown option '--size'",
    },
    {
      name: 'buildForStack, no outDir',
      script: 'apps/miniapp/scripts/buildForStack.mjs',
      args: [],
      status: 1,
      message: 'usage: node scripts/buildForStack.mjs',
    },
    {
      name: 'buildForStack, a build that fails (vike would exit 0)',
      script: 'apps/miniapp/scripts/buildForStack.mjs',
      args: ['node_modules/.cache/exit-code-test'],
      env: { WORLDMAP_STACK: 'not json' },
      status: 1,
      message: 'WORLDMAP_STACK is not valid JSON',
    },
    {
      name: 'worldmap-simulator, an unknown flag',
      script: 'packages/simulator/bin/worldmap-simulator.js',
      args: ['--bogus'],
      status: 2,
      message: "'--bogus'",
    },
  ])('error: $name → status $status', ({ script, args, env, status, message }) => {
    const run = spawnSync(process.execPath, [script, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(run.status).toBe(status)
    expect(run.stderr).toContain(message)
  })
})
