#!/usr/bin/env node
// The public-API report of every entry point of every publishable package
// (API Extractor's .api.md: each exported name with its signature, nothing
// else), checked in at packages/<folder>/api/<entry>.api.md so a change to
// what a user can import shows as a diff in review. `pnpm test` regenerates
// them from the build (tooling/scripts/apiReport.test.ts) and fails on any
// difference; `pnpm api:update` rewrites them.
//
//   node tooling/scripts/apiReport.mjs [--update]   compare (exit 1 on a difference), or rewrite
//
// One TypeScript program per package serves all its entry points (API
// Extractor's CompilerState), instead of a program per entry: ten minikit
// entries share most of their declaration files.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { CompilerState, Extractor, ExtractorConfig, ExtractorLogLevel } from '@microsoft/api-extractor'
import { parseFlags } from './parseFlags.mjs'
import { publishablePackages, root } from './publishable.mjs'

/** The command that rewrites the reports, named by every failure. */
export const UPDATE_COMMAND = 'pnpm api:update'

/**
 * API Extractor's checks that are not about the surface: release tags (`@public`, `@beta`) this repository does
 * not use, TSDoc syntax (the JSDoc here is read by editors and TypeDoc-style tools, not by TSDoc), and the
 * missing-type-on-a-default-export note. Off, so the report holds the API and nothing else.
 */
/** @type {import('@microsoft/api-extractor').IExtractorMessagesConfig} */
const QUIET_MESSAGES = {
  compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Warning, addToApiReportFile: false } },
  extractorMessageReporting: {
    default: { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
    // A type reachable from an export but not exported itself: users can get at it but not name it. Kept in the
    // report (as a comment), since exporting or renaming it changes the surface.
    'ae-forgotten-export': { logLevel: ExtractorLogLevel.None, addToApiReportFile: true },
  },
  tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None, addToApiReportFile: false } },
}

/**
 * The report's file name for an entry point: `index` for `.`, else the subpath with its `./` removed and `/` as `-`.
 *
 * @param {string} subpath
 * @example
 * reportName('.') // 'index'
 * reportName('./address-book') // 'address-book'
 */
export function reportName(subpath) {
  return subpath === '.' ? 'index' : subpath.replace(/^\.\//, '').replaceAll('/', '-')
}

/**
 * One report: the package, the entry point's subpaths (several when they name the same declaration file, e.g.
 * `./provider` and `./minikit-provider`), the checked-in file, and the text regenerated from the build.
 *
 * @typedef {{ packageName: string, subpaths: string[], file: string, expected: string | null, actual: string }} Report
 */

/**
 * Regenerate every report from the packages' dist/ (build first) into a temporary folder and return them beside the
 * checked-in text. A subpath whose types are a global declaration file, not a module (the simulator's `./global`),
 * gets a report holding that file as it is: API Extractor reads modules only.
 *
 * @param {{ rootDir?: string }} [options]
 * @returns {Report[]}
 * @throws {Error} naming the missing file when a package is not built
 */
export function generateReports({ rootDir = root } = {}) {
  /** @type {Report[]} */
  const reports = []
  const temp = mkdtempSync(join(tmpdir(), 'api-report-'))
  try {
    const packages = publishablePackages(rootDir).map((pkg) => {
      // Entry points that name one declaration file share one report.
      /** @type {Map<string, string[]>} */
      const byTypes = new Map()
      for (const entry of pkg.entries) byTypes.set(entry.types, [...(byTypes.get(entry.types) ?? []), entry.subpath])
      for (const types of byTypes.keys()) {
        if (!existsSync(join(pkg.dir, types))) throw new Error(`${pkg.name}: ${types} is missing; build first (pnpm run build)`)
      }
      return { pkg, byTypes }
    })
    const modules = packages.flatMap(({ pkg, byTypes }) =>
      [...byTypes.keys()].map((types) => join(pkg.dir, types)).filter(isModule),
    )
    // One TypeScript program for every entry point of every package: building it (reading viem's, React's and
    // Node's declarations) is most of the time, and the packages' declarations import each other's.
    /** @type {CompilerState | undefined} */
    let compilerState
    for (const { pkg, byTypes } of packages) {
      for (const [types, subpaths] of byTypes) {
        const name = reportName(/** @type {string} */ (subpaths[0]))
        const file = join(pkg.dir, 'api', `${name}.api.md`)
        const expected = existsSync(file) ? readFileSync(file, 'utf8') : null
        let actual
        if (modules.includes(join(pkg.dir, types))) {
          const config = extractorConfig(pkg, types, name, temp)
          compilerState ??= CompilerState.create(config, { additionalEntryPoints: modules })
          const result = Extractor.invoke(config, { localBuild: false, compilerState, messageCallback: quiet })
          if (result.errorCount > 0)
            throw new Error(`${pkg.name} ${subpaths[0]}: API Extractor reported ${result.errorCount} error(s)`)
          actual = readFileSync(join(temp, `${name}.api.md`), 'utf8')
        } else {
          actual = globalReport(pkg.name, subpaths, readFileSync(join(pkg.dir, types), 'utf8'))
        }
        reports.push({ packageName: pkg.name, subpaths, file, expected, actual: header(pkg.name, subpaths) + actual })
      }
    }
  } finally {
    rmSync(temp, { recursive: true, force: true })
  }
  return reports
}

/**
 * A line-by-line account of how the reports differ from what is checked in, ending with the command that updates
 * them; the empty string when they match.
 *
 * @param {Report[]} reports
 * @param {{ rootDir?: string, apiDirs?: string[] }} [options] `apiDirs`: the api/ folders to look in for stale reports
 */
export function describeDifferences(reports, { rootDir = root, apiDirs = [] } = {}) {
  /** @type {string[]} */
  const parts = []
  for (const report of reports) {
    if (report.expected === report.actual) continue
    const where = relative(rootDir, report.file)
    parts.push(
      report.expected === null
        ? `${where}: missing (new entry point ${report.subpaths.join(', ')} of ${report.packageName})`
        : `${where} (${report.packageName} ${report.subpaths.join(', ')}) differs:\n${lineDiff(report.expected, report.actual)}`,
    )
  }
  const wanted = new Set(reports.map((report) => report.file))
  for (const dir of apiDirs) {
    if (!existsSync(dir)) continue
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.api.md'))) {
      if (!wanted.has(join(dir, file)))
        parts.push(`${relative(rootDir, join(dir, file))}: no entry point has this report any more`)
    }
  }
  if (parts.length === 0) return ''
  return `The public API changed (or a report is out of date). If the change is meant, run \`${UPDATE_COMMAND}\` and commit the reports with it.\n\n${parts.join('\n\n')}`
}

/**
 * Rewrite every report (and remove reports no entry point has any more). Returns the files written or removed.
 *
 * @param {Report[]} reports
 * @param {string[]} apiDirs
 */
export function writeReports(reports, apiDirs) {
  /** @type {string[]} */
  const changed = []
  for (const report of reports) {
    if (report.expected === report.actual) continue
    mkdirSync(resolve(report.file, '..'), { recursive: true })
    writeFileSync(report.file, report.actual)
    changed.push(report.file)
  }
  const wanted = new Set(reports.map((report) => report.file))
  for (const dir of apiDirs) {
    if (!existsSync(dir)) continue
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.api.md'))) {
      if (wanted.has(join(dir, file))) continue
      unlinkSync(join(dir, file))
      changed.push(join(dir, file))
    }
  }
  return changed
}

/** The api/ folder of every publishable package. */
export function apiDirs(rootDir = root) {
  return publishablePackages(rootDir).map((pkg) => join(pkg.dir, 'api'))
}

/**
 * @param {import('./publishable.mjs').PublishablePackage} pkg
 * @param {string} types the entry point's declaration file, relative to the package
 * @param {string} name the report's name
 * @param {string} temp where API Extractor writes the report
 */
function extractorConfig(pkg, types, name, temp) {
  return ExtractorConfig.prepare({
    configObject: {
      projectFolder: pkg.dir,
      mainEntryPointFilePath: join(pkg.dir, types),
      compiler: {
        // The declaration files as a user's TypeScript reads them (bundler resolution, like the packages' own
        // tsconfig), with DOM types for the browser entries. Only the dist/ files are the program's roots.
        overrideTsconfig: {
          compilerOptions: {
            target: 'ES2022',
            lib: ['ES2022', 'DOM', 'DOM.Iterable'],
            module: 'ESNext',
            moduleResolution: 'Bundler',
            strict: true,
            skipLibCheck: true,
            types: ['node'],
          },
          files: [join(pkg.dir, types)],
        },
      },
      apiReport: { enabled: true, reportFileName: name, reportFolder: temp, reportTempFolder: temp },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      newlineKind: 'lf',
      messages: QUIET_MESSAGES,
    },
    configObjectFullPath: undefined,
    packageJsonFullPath: join(pkg.dir, 'package.json'),
  })
}

/**
 * API Extractor's messages are not this check's output: a report that differs is. Errors still count (`errorCount`).
 *
 * @param {import('@microsoft/api-extractor').ExtractorMessage} message
 */
function quiet(message) {
  message.handled = true
}

/**
 * Whether a declaration file is a module (has a top-level import or export) rather than global declarations.
 *
 * @param {string} file
 */
function isModule(file) {
  const text = readFileSync(file, 'utf8')
  return /^\s*export\s/m.test(text) && !/^\s*declare global\b/m.test(text)
}

/**
 * @param {string} packageName
 * @param {string[]} subpaths
 */
function header(packageName, subpaths) {
  const names = subpaths.map((subpath) => (subpath === '.' ? packageName : `${packageName}/${subpath.slice(2)}`))
  return `<!-- ${names.join(', ')}: generated by \`${UPDATE_COMMAND}\` from the build; do not edit. -->\n\n`
}

/**
 * The report of a global declaration file: the file itself, without comments, in API Extractor's layout.
 *
 * @param {string} packageName
 * @param {string[]} subpaths
 * @param {string} text
 */
function globalReport(packageName, subpaths, text) {
  const code = text
    .replace(/\/\*\*[\s\S]*?\*\//g, '')
    .split('\n')
    .filter((line) => !/^\s*\/\//.test(line) && line.trim() !== '')
    .join('\n')
  return `## API Report File for "${packageName}${subpaths[0] === '.' ? '' : `/${subpaths[0]?.slice(2)}`}" (global declarations)\n\n\`\`\`ts\n${code}\n\`\`\`\n`
}

/**
 * A small unified-style diff: the changed lines with `-`/`+`, two lines of context, each hunk headed by its line in
 * `after`; at most 60 lines.
 *
 * @param {string} before
 * @param {string} after
 */
export function lineDiff(before, after) {
  const a = before.split('\n')
  const b = after.split('\n')
  // Longest common subsequence on lines; the reports are a few thousand lines at most.
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1))
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1])
  /** @type {Array<[' ' | '-' | '+', string, number]>} */
  const ops = []
  let i = 0
  let j = 0
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) ops.push([' ', a[i++], j++])
    else if (i < a.length && (j === b.length || lcs[i + 1][j] >= lcs[i][j + 1])) ops.push(['-', a[i++], j])
    else ops.push(['+', b[j], j++])
  }
  const keep = new Set()
  ops.forEach(([op], index) => {
    if (op === ' ') return
    for (let k = Math.max(0, index - 2); k <= Math.min(ops.length - 1, index + 2); k++) keep.add(k)
  })
  /** @type {string[]} */
  const lines = []
  let last = -1
  for (const index of [...keep].sort((x, y) => x - y)) {
    const [op, line, at] = ops[index]
    // A hunk starts with where it is in the regenerated report.
    if (index !== last + 1 || last === -1) lines.push(`@@ line ${at + 1} @@`)
    lines.push(`${op} ${line}`)
    last = index
  }
  return lines.length > 60 ? `${lines.slice(0, 60).join('\n')}\n  … ${lines.length - 60} more lines` : lines.join('\n')
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseFlags(process.argv.slice(2), {
    usage: 'node tooling/scripts/apiReport.mjs [--update]',
    options: { update: { type: 'boolean' } },
  })
  const started = Date.now()
  const reports = generateReports()
  const dirs = apiDirs()
  if (values.update) {
    const changed = writeReports(reports, dirs)
    for (const file of changed) console.log(`updated ${relative(root, file)}`)
    console.log(`${reports.length} API reports, ${changed.length} changed, in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  } else {
    const differences = describeDifferences(reports, { apiDirs: dirs })
    if (differences) {
      console.error(differences)
      process.exitCode = 1
    } else console.log(`${reports.length} API reports match the build (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  }
}
