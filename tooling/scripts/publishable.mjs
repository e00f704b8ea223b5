// The packages meant for the npm registry, read from their package.json: every
// package under packages/ without "private": true (today @worldmap/minikit,
// @worldmap/minikit-react and @worldmap/simulator). The package lint, the API
// reports, the pack-and-install test and the Docs-link test all start here, so
// a package that stops being private is checked by each of them at once.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/**
 * One `exports` subpath: its name (`.`, `./siwe`, …), the declaration file its `types` condition names and the
 * JavaScript file its `default` condition names, both relative to the package folder.
 *
 * @typedef {{ subpath: string, types: string, js: string }} EntryPoint
 */

/**
 * A publishable package: name, folder, package.json and its entry points (every `exports` subpath with a `types`
 * condition; `./package.json` has none).
 *
 * @typedef {{ name: string, dir: string, manifest: Record<string, any>, entries: EntryPoint[] }} PublishablePackage
 */

/**
 * Every package under packages/ that is not private, sorted by folder.
 *
 * @param {string} [rootDir] the repository (a copy of it in tests)
 * @param {{ includePrivate?: boolean }} [options] `includePrivate`: every package under packages/ (for checks that
 *   read the private ones too, like the Docs links of @worldmap/game's errors)
 * @returns {PublishablePackage[]}
 * @example
 * publishablePackages().map((pkg) => pkg.name) // ['@worldmap/minikit', '@worldmap/minikit-react', '@worldmap/simulator']
 */
export function publishablePackages(rootDir = root, { includePrivate = false } = {}) {
  const packagesDir = join(rootDir, 'packages')
  return readdirSync(packagesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(packagesDir, entry.name, 'package.json')))
    .map((entry) => join(packagesDir, entry.name))
    .sort()
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
    .filter(({ manifest }) => includePrivate || manifest.private !== true)
    .map(({ dir, manifest }) => ({ name: manifest.name, dir, manifest, entries: entryPoints(manifest) }))
}

/**
 * @param {Record<string, any>} manifest
 * @returns {EntryPoint[]}
 */
function entryPoints(manifest) {
  return Object.entries(manifest.exports ?? {})
    .filter(([, target]) => typeof target === 'object' && target !== null && typeof target.types === 'string')
    .map(([subpath, target]) => ({ subpath, types: target.types, js: target.default }))
}
