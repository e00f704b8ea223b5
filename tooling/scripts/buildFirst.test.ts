import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { BUILD_NEEDS, buildArgs } from './buildFirst.mjs'

const root = join(import.meta.dirname, '../..')
const scripts: Record<string, string> = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts
const workspacePackages = new Set(
  ['packages', 'apps', 'tooling'].flatMap((group) =>
    readdirSync(join(root, group), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) => {
        try {
          return [JSON.parse(readFileSync(join(root, group, entry.name, 'package.json'), 'utf8')).name as string]
        } catch {
          return []
        }
      }),
  ),
)

describe('BUILD_NEEDS', () => {
  test('default: every root command that runs on built output has a row, and its script builds it first', () => {
    // `pnpm test` and `pnpm release` build everything themselves; `bench` is turbo's own (dependsOn ^build);
    // lint/format read sources; the Changesets commands read .changeset/ and write versions and changelogs.
    const needBuild = Object.keys(scripts).filter(
      (name) =>
        ![
          'build',
          'test',
          'test:unit',
          'bench',
          'lint',
          'format',
          'typecheck',
          'release',
          'changeset',
          'version-packages',
        ].includes(name),
    )
    expect(Object.keys(BUILD_NEEDS).sort()).toEqual(needBuild.sort())
    for (const name of needBuild) {
      const script = scripts[name] ?? ''
      const entry = /node (tooling\/scripts\/\w+\.mjs)$/.exec(script)?.[1]
      // Either the script chains buildFirst.mjs, or its entry calls buildFirst() itself.
      const builds =
        script.includes(`buildFirst.mjs ${name} &&`) ||
        (entry !== undefined && readFileSync(join(root, entry), 'utf8').includes(`buildFirst('${name}'`))
      expect(builds, `pnpm ${name} (${script}) builds what it needs first`).toBe(true)
    }
  })

  test('behavior: every filter names a workspace package', () => {
    for (const filters of Object.values(BUILD_NEEDS)) {
      for (const filter of filters) expect(workspacePackages).toContain(filter.replace(/\^?\.\.\.$/, ''))
    }
  })

  test('parameters: buildArgs is one turbo run with the command’s filters', () => {
    expect(buildArgs('dev')).toEqual([
      'exec',
      'turbo',
      'run',
      'build',
      '--filter=@worldmap/miniapp^...',
      '--filter=@worldmap/functions...',
      '--output-logs=errors-only',
    ])
  })

  test('error: a command without a row', () => {
    expect(() => buildArgs('lint' as never)).toThrow('no build needs are known for "lint"')
  })
})
