#!/usr/bin/env node
// `pnpm version-packages`: Changesets' `changeset version` (new versions in the publishable packages'
// package.json, their CHANGELOG.md, the used changesets deleted), then the one place it cannot reach: the
// `<name>@<version>` every error message of a package ends with (`Version: @worldmap/minikit@0.1.0`) is written
// into its source as a constant, since reading package.json at run time would ship it to every browser bundle.
// This rewrites `<name>@<old>` to `<name>@<new>` in the publishable packages' src/ (the constant and the tests that
// spell out whole messages); packages/minikit/src/errors/BaseError.test.ts fails if the constant and package.json
// ever disagree.
//
//   node tooling/scripts/versionPackages.mjs
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { parseFlags } from './parseFlags.mjs'
import { publishablePackages, root } from './publishable.mjs'

parseFlags(process.argv.slice(2), { usage: 'pnpm version-packages' })

const before = new Map(publishablePackages().map((pkg) => [pkg.name, pkg.manifest.version]))
const run = spawnSync('pnpm', ['exec', 'changeset', 'version'], { cwd: root, stdio: 'inherit' })
if (run.status !== 0) process.exit(run.status ?? 1)

const packages = publishablePackages()
for (const pkg of packages) {
  const old = before.get(pkg.name)
  const next = pkg.manifest.version
  if (!old || old === next) continue
  const from = `${pkg.name}@${old}`
  const to = `${pkg.name}@${next}`
  // Any package's tests may spell out another's message (the simulator's show minikit's errors).
  for (const file of packages.flatMap((each) => sourceFiles(join(each.dir, 'src')))) {
    const text = readFileSync(file, 'utf8')
    if (!text.includes(from)) continue
    writeFileSync(file, text.replaceAll(from, to))
    console.log(`${relative(root, file)}: ${from} → ${to}`)
  }
}

/**
 * Every .ts/.tsx file under a folder.
 *
 * @param {string} dir
 * @returns {string[]}
 */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
}
