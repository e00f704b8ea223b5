// The public-API reports (packages/<folder>/api/*.api.md) against the build: any change to what a user of a
// publishable package can import shows as a diff of a checked-in file in review. Reads dist/, which `pnpm test`
// builds first; run alone, build first (`pnpm run build`).
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { apiDirs, describeDifferences, generateReports, lineDiff, reportName, UPDATE_COMMAND } from './apiReport.mjs'
import { publishablePackages, root } from './publishable.mjs'

describe('the API reports', () => {
  // One TypeScript program over ~20 declaration entry points and viem's, React's and Node's types: about 17 s of
  // CPU, so the time limit leaves room for a busy machine.
  test('default: every entry point of every publishable package has a report, and each matches the build', {
    timeout: 240_000,
  }, () => {
    const reports = generateReports()
    const covered = reports.flatMap((report) => report.subpaths.map((subpath) => `${report.packageName} ${subpath}`))
    const entries = publishablePackages().flatMap((pkg) => pkg.entries.map((entry) => `${pkg.name} ${entry.subpath}`))
    expect(covered.sort()).toEqual(entries.sort())
    const differences = describeDifferences(reports, { apiDirs: apiDirs() })
    // The message names the files, the changed lines and the command that rewrites them.
    expect(differences, differences).toBe('')
  })
})

describe('reportName', () => {
  test('default: the root entry is index, a subpath loses its ./ and nesting becomes a dash', () => {
    expect(['.', './siwe', './address-book', './a/b'].map(reportName)).toEqual(['index', 'siwe', 'address-book', 'a-b'])
  })
})

describe('describeDifferences', () => {
  const file = join(root, 'packages/x/api/index.api.md')
  test('default: nothing when every report matches', () => {
    expect(describeDifferences([{ packageName: 'x', subpaths: ['.'], file, expected: 'a\n', actual: 'a\n' }])).toBe('')
  })

  test('behavior: a changed report names its file, entry point, changed lines and the update command', () => {
    const text = describeDifferences([
      { packageName: '@worldmap/x', subpaths: ['.'], file, expected: 'a\nb\nc\n', actual: 'a\nB\nc\n' },
    ])
    expect(text).toContain(`run \`${UPDATE_COMMAND}\``)
    expect(text).toContain('packages/x/api/index.api.md (@worldmap/x .) differs:')
    expect(text).toContain('- b')
    expect(text).toContain('+ B')
  })

  test('behavior: a new entry point without a report is named as missing', () => {
    expect(
      describeDifferences([{ packageName: '@worldmap/x', subpaths: ['./new'], file, expected: null, actual: 'a' }]),
    ).toContain('packages/x/api/index.api.md: missing (new entry point ./new of @worldmap/x)')
  })
})

describe('lineDiff', () => {
  test('default: changed lines with two lines of context, each hunk headed by its line in the new text', () => {
    const before = ['1', '2', '3', '4', '5', '6', '7', '8', '9'].join('\n')
    const after = ['1', 'two', '3', '4', '5', '6', '7', '8', 'nine'].join('\n')
    expect(lineDiff(before, after).split('\n')).toEqual([
      '@@ line 1 @@',
      '  1',
      '- 2',
      '+ two',
      '  3',
      '  4',
      '@@ line 7 @@',
      '  7',
      '  8',
      '- 9',
      '+ nine',
    ])
  })
})
