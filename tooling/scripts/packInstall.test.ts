// The publishable packages as a user gets them: `pnpm pack` of each (what npm would receive, workspace ranges
// rewritten), the tarballs installed with pnpm into a scratch project outside the workspace, then every entry point
// imported there by Node and type-checked by tsc. It catches what the workspace hides: a file left out of `files`,
// an import of a package that is not a dependency (pnpm's strict node_modules refuses it), a `types` path that does
// not resolve from outside.
//
// Offline and network-free: the tarballs are files, and the packages' third-party dependencies (viem, zod, React, …)
// are overridden to `link:` the copies this workspace already installed, so pnpm resolves nothing on a registry and
// needs no metadata cache (CI's store has none for a project with no lockfile). Needs the build (`pnpm test` builds
// first; run alone, `pnpm run build`).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, test } from 'vitest'
import { type PublishablePackage, publishablePackages, root } from './publishable.mjs'

const packages: PublishablePackage[] = publishablePackages()
const scratch = mkdtempSync(join(tmpdir(), 'pack-install-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/**
 * Runs a command; its output is the failure message when it exits non-zero. Bounded: a synchronous call blocks the
 * worker, so a test's own timeout could not stop a command that never ends.
 */
function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, CI: 'true' }, timeout: 200_000 })
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} (in ${cwd}) ${result.error ? `failed: ${result.error.message}` : `exited with ${result.status}`}:\n${result.stdout}\n${result.stderr}`,
    )
  return result.stdout
}

/** An entry point's specifier: `@worldmap/minikit` for `.`, `@worldmap/minikit/siwe` for `./siwe`. */
const specifier = (pkg: PublishablePackage, subpath: string) => (subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`)

/** Subpaths whose types are global declarations fronting a browser script (the simulator's ./global), not a module. */
const isScript = (pkg: PublishablePackage, types: string) =>
  /^\s*declare global\b/m.test(readFileSync(join(pkg.dir, types), 'utf8'))

/**
 * Where this workspace installed a third-party package one of ours needs: from the folder of the first publishable
 * package that has it in its node_modules (as a dependency, a peer's dev copy, or types), else the root's.
 */
function workspaceCopy(name: string) {
  for (const dir of [...packages.map((pkg) => pkg.dir), root]) {
    const candidate = join(dir, 'node_modules', name)
    if (existsSync(candidate)) return realpathSync(candidate)
  }
  throw new Error(`no installed copy of ${name} in the workspace`)
}

describe('the packed tarballs, installed in a scratch project', () => {
  const tarballs = new Map<string, string>()
  const names = new Map<string, string[]>()

  test('default: pnpm pack, then pnpm install --offline of the tarballs succeeds', { timeout: 240_000 }, () => {
    const packs = join(scratch, 'packs')
    mkdirSync(packs)
    for (const pkg of packages) {
      const before = new Set(readdirSync(packs))
      run('pnpm', ['pack', '--pack-destination', packs], pkg.dir)
      const tarball = readdirSync(packs).find((file) => !before.has(file) && file.endsWith('.tgz'))
      if (!tarball) throw new Error(`${pkg.name}: pnpm pack wrote no tarball`)
      tarballs.set(pkg.name, join(packs, tarball))
    }

    // The packed manifests: what a registry install would resolve.
    const thirdParty = new Set<string>()
    for (const pkg of packages) {
      const manifest = JSON.parse(run('tar', ['-xzOf', tarballs.get(pkg.name) ?? '', 'package/package.json'], scratch))
      for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
        for (const [name, range] of Object.entries<string>(manifest[field] ?? {})) {
          expect(range, `${pkg.name} ${field}.${name} is a range a registry understands`).not.toMatch(/^(workspace|link|file):/)
          if (!tarballs.has(name)) thirdParty.add(name)
        }
      }
    }
    // What the user's project adds itself: types for React and Node, for the type check below.
    for (const name of ['@types/react', '@types/node']) thirdParty.add(name)

    const app = join(scratch, 'app')
    mkdirSync(app)
    const fileOf = (name: string) => `file:${tarballs.get(name)}`
    const linkOf = (name: string) => `link:${workspaceCopy(name)}`
    const overrides = Object.fromEntries([
      ...[...tarballs.keys()].map((name) => [name, fileOf(name)]),
      ...[...thirdParty].sort().map((name) => [name, linkOf(name)]),
    ])
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify(
        {
          name: 'scratch-app',
          private: true,
          type: 'module',
          dependencies: Object.fromEntries([
            ...[...tarballs.keys()].map((name) => [name, fileOf(name)]),
            ...[...thirdParty].map((name) => [name, linkOf(name)]),
          ]),
          pnpm: { overrides },
        },
        null,
        2,
      ),
    )
    run(
      'pnpm',
      ['install', '--offline', '--ignore-workspace', '--store-dir', join(scratch, 'store'), '--config.confirmModulesPurge=false'],
      app,
    )
    for (const pkg of packages) expect(existsSync(join(app, 'node_modules', pkg.name, 'package.json'))).toBe(true)
  })

  test('default: Node imports every entry point from the installed packages, with the names the build exports', {
    timeout: 120_000,
  }, async () => {
    const app = join(scratch, 'app')
    const modules = packages.flatMap((pkg) =>
      pkg.entries
        .filter((entry) => !isScript(pkg, entry.types))
        .map((entry) => ({ pkg, entry, id: specifier(pkg, entry.subpath) })),
    )
    const probe = [
      'const ids = JSON.parse(process.argv[2])',
      'const out = {}',
      'for (const id of ids) out[id] = Object.keys(await import(id)).sort()',
      'console.log(JSON.stringify(out))',
    ].join('\n')
    writeFileSync(join(app, 'probe.mjs'), probe)
    const installed: Record<string, string[]> = JSON.parse(
      run(process.execPath, ['probe.mjs', JSON.stringify(modules.map((module) => module.id))], app),
    )
    for (const { pkg, entry, id } of modules) {
      const built = Object.keys(await import(pathToFileURL(join(pkg.dir, entry.js)).href)).sort()
      expect(installed[id], `${id}: the installed package exports what the build does`).toEqual(built)
      names.set(id, built)
    }
    // A few names a user reaches for first, so an entry that imports but exports nothing cannot pass.
    expect(installed['@worldmap/minikit']).toEqual(expect.arrayContaining(['MiniKit', 'install', 'BaseError']))
    expect(installed['@worldmap/minikit/siwe']).toEqual(expect.arrayContaining(['verifySiweMessage']))
    expect(installed['@worldmap/minikit-react']).toEqual(expect.arrayContaining(['MiniKitProvider', 'useMiniKit']))
    expect(installed['@worldmap/simulator']).toEqual(expect.arrayContaining(['createSimulator']))
  })

  test("default: tsc resolves every entry point's types from the installed packages (NodeNext, strict)", {
    timeout: 180_000,
  }, () => {
    const app = join(scratch, 'app')
    const lines: string[] = []
    packages.forEach((pkg, p) => {
      pkg.entries.forEach((entry, e) => {
        const id = specifier(pkg, entry.subpath)
        if (isScript(pkg, entry.types)) {
          lines.push(`import '${id}'`)
          return
        }
        lines.push(`import * as m${p}_${e} from '${id}'`)
        // Every runtime name is a typed export: `typeof` of each must type-check.
        for (const name of names.get(id) ?? []) lines.push(`export type T${p}_${e}_${name} = typeof m${p}_${e}.${name}`)
      })
    })
    // The script entry's globals.
    lines.push("export const simulator: import('@worldmap/simulator').BrowserSimulator | undefined = window.worldmapSimulator")
    writeFileSync(join(app, 'check.ts'), `${lines.join('\n')}\n`)
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2022', 'DOM', 'DOM.Iterable'],
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          // Checking every declaration file takes minutes and stops on wagmi's own (with its TanStack Query);
          // the packages' declaration files are checked below instead: each relative import resolves in the tarball.
          skipLibCheck: true,
          types: ['node'],
        },
        files: ['check.ts'],
      }),
    )
    run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], app)
  })

  test('default: every relative import in the installed declaration files names a file the tarball has', () => {
    const missing: string[] = []
    let imports = 0
    for (const pkg of packages) {
      const installed = realpathSync(join(scratch, 'app/node_modules', pkg.name))
      for (const file of readdirSync(installed, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.d.ts'))) {
        const text = readFileSync(join(installed, file), 'utf8')
        for (const [, target] of text.matchAll(/(?:from|import\()\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
          imports += 1
          const base = join(installed, file, '..', target ?? '')
          const candidates = [base, base.replace(/\.js$/, '.d.ts'), `${base}.d.ts`, join(base, 'index.d.ts')]
          if (!candidates.some((candidate) => existsSync(candidate) && !candidate.endsWith('/')))
            missing.push(`${pkg.name}/${file}: ${target}`)
        }
      }
    }
    expect(missing).toEqual([])
    expect(imports).toBeGreaterThan(100)
  })
})
