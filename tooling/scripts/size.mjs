#!/usr/bin/env node
// Size budgets for @worldmap/minikit, measured on the BUILT package
// (packages/minikit/dist, resolved through its `exports` map) so the numbers
// describe what ships, not what the sources look like.
//
// Each budget bundles a tiny consumer entry with esbuild (bundle, minify, ESM,
// browser, tree-shaking) and takes the gzip (level 9) size of everything the
// entry loads statically. Code behind `import()` is lazy by design: a second,
// code-split build (splitting: true) reports it, and it is never counted.
// The "no bridge" / "no viem" checks look at the statically loaded modules,
// following the dist sourcemaps back to packages/minikit/src files.
//
// `budget` is the enforced ceiling (a ratchet at the measured size plus ~3%
// headroom, so growth fails CI); `goal` is the target issue #2 set. Lower a
// budget whenever the code shrinks; never raise one without a reason in the
// commit message.
//
// The goals for A-C are not met, and cannot be while the SDK validates with
// zod at its boundaries (conventions §3) and keeps the spec's behaviour and
// messages. Gzip sizes; a part's share is what removing it from the bundle
// saves (so shares do not add up exactly):
//   zod/mini floor: one `z.object({ a: z.string() })` + safeParse = 4.3 KiB
//     ($ZodType/parse/errors/util core; no locales, no zod classic: every
//     root import is `zod/mini`, full `zod` only in the ./wire subpath).
//   A 3.83 KiB: install 0.78 + walletAuth 0.69 + dispatcher 0.62 + constants
//     0.22 + error classes 0.32 + SIWE text 0.15 + the rest. The spec's
//     message strings are 1.0 KiB of it; with every string emptied the code
//     alone is still 2.8 KiB, over the 2.0 KiB goal.
//   B 9.83 KiB: the zod/mini these schemas need 6.1 KiB (floor 4.3 + array
//     0.4, union 0.3, minLength 0.3, refine 0.2, optional 0.2, literal 0.2 …)
//     + our code 3.7 KiB. 7.0 KiB would leave ~0.9 KiB for install+walletAuth.
//   C 20.60 KiB: zod/mini 8.24 KiB (every command's schemas) + @noble/hashes'
//     keccak-256 ~2.5 KiB (hashToField is sync public API, so it cannot load
//     lazily; we keep the audited library rather than hash in-house) + our
//     code ~10 KiB, which includes 0.7 KiB for the 90-name export list and
//     the MiniKit facade 0.47 KiB.
//
// The history of every raise and drop, each part measured: docs/size-budgets.md.
//
// Issue 34: C 31059 -> 28930, I 25546 -> 23245, J 133600 -> 29992 (K: no viem/
// ox/@noble/curves/bridge even via import(); verifySiweMessage -> ./siwe,
// getIsUserVerified -> ./address-book; 2.x statics load on install). J misses
// 2x official (zod ~8.9 KiB, 1.x commands ~4.3). @noble/hashes' keccak stays
// (1796 B): 1.x verify/hashToField hash synchronously, as official 1.x does.
//
//   node tooling/scripts/size.mjs --account  also the per-module account of I and J
//   node tooling/scripts/size.mjs          table on stdout, exit 1 on failure
//   node tooling/scripts/size.mjs --json   JSON on stdout (table on stderr)

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { parseFlags } from './parseFlags.mjs'
import { account as accountOf, accountText, originalSources, contributors as sourcemapOwners } from './sizeAccount.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const pkgName = '@worldmap/minikit'
const pkgDir = join(root, 'packages/minikit')
const KiB = 1024
// How many contributors each budget lists (`--top=30` for more).
const { values: flags } = parseFlags(process.argv.slice(2), {
  usage: 'node tooling/scripts/size.mjs [--json] [--top=N] [--account]',
  options: { json: { type: 'boolean' }, top: { type: 'string' }, account: { type: 'boolean' } },
  check: ({ top }) =>
    top === undefined || /^[1-9]\d*$/.test(String(top)) ? undefined : '--top takes a whole number, at least 1',
})
const TOP = Number(flags.top ?? 8)
// Official 2.0.3, a devDependency of packages/simulator under this alias (as
// the differential tests load it): the budget of the 2.x check is its size,
// measured in the same run.
const OFFICIAL_2 = '@worldcoin/minikit-js-2'
/** The official 2.x call site and ours: the same three lines, only the import differs. */
const walletAuth2x = (/** @type {string} */ from) =>
  `import { MiniKit } from '${from}'\nMiniKit.install('app_size')\nMiniKit.walletAuth({ nonce: 'a1b2c3d4e5f60718' }).then(console.log)\n`

/**
 * A 2.x page that signs in and sends a transaction, as official 2.0.3's
 * docs write it: one ERC-20 transfer as calldata on World Chain (480).
 */
const walletAuthAndSend2x = (/** @type {string} */ from) =>
  `import { MiniKit } from '${from}'\nMiniKit.install('app_size')\ndocument.querySelector('#go')?.addEventListener('click', async () => {
  const auth = await MiniKit.walletAuth({ nonce: 'a1b2c3d4e5f60718', statement: 'Sign in to play' })
  const sent = await MiniKit.sendTransaction({ chainId: 480, transactions: [{ to: '0x2cFc85d8E48F8EAB294be644d9E25C3030863003', data: '0xa9059cbb0000000000000000000000004564420674ea68fcc61b463c0494807c759d47e60000000000000000000000000000000000000000000000000de0b6b3a7640000' }] })
  console.log(auth.data.address, sent.data.userOpHash)
})\n`

/**
 * Heavy code the root entry must never reach, even behind import(): a bundler
 * without code splitting (`esbuild --bundle`) inlines every dynamic import.
 *
 * @param {string} source
 */
function isHeavy(source) {
  return (
    /(^|\/)node_modules\/(viem|ox)\//.test(source) ||
    // Only @noble/hashes' keccak-256 (sha3.js and the two files it imports) is allowed: see the header.
    (/(^|\/)node_modules\/@noble\//.test(source) &&
      !/(^|\/)node_modules\/@noble\/hashes\/(esm\/)?(sha3|_u64|utils|_assert)\.js$/.test(source)) ||
    /(^|\/)src\/bridge\//.test(source) ||
    /(^|\/)dist\/(exports\/)?bridge(\/|\.js$)/.test(source)
  )
}

/** Forward slashes, so path checks read the same on every OS. */
const slash = (/** @type {string} */ p) => p.split(sep).join('/')

/**
 * A check either measures an entry against a gzip budget, or asserts what the
 * bundle must not contain. `skip` returns a reason when the check cannot apply
 * yet (e.g. a subpath that lands in a later issue).
 *
 * `unsplit` bundles the way a bundler without code splitting does: every
 * import() is inlined, so the size is everything the page can ever load and a
 * `forbid` sees the whole import graph (every module esbuild parsed), static
 * and dynamic. `goalFactor` scales a `goalFrom` reference into the goal.
 * `account` prints the per-module account of the bundle with `--account`.
 *
 * @typedef {{ name: string, entry: string, external?: string[], budget?: number, goal?: number,
 *   goalFrom?: { name: string, entry: string }, goalFactor?: number, unsplit?: boolean, account?: boolean,
 *   skip?: () => string | null, forbid?: (source: string) => boolean }} SizeCheck
 */

/** @type {SizeCheck[]} */
const checks = [
  {
    name: 'A: install + walletAuth (zod external)',
    entry: `import { install, walletAuth } from '${pkgName}'\nconsole.log(install, walletAuth)\n`,
    external: ['zod', 'zod/*', 'zod/mini'],
    budget: 5524, // 5363 B measured + 3% (issue 34: install reads today's location object and starts the user afresh per host, +54 B over 5309)
    goal: 2 * KiB,
  },
  {
    name: 'B: install + walletAuth (zod bundled)',
    entry: `import { install, walletAuth } from '${pkgName}'\nconsole.log(install, walletAuth)\n`,
    budget: 11255, // 10927 B measured + 3% (issue #14)
    goal: 7 * KiB,
  },
  {
    name: 'C: whole root entry',
    entry: `export * from '${pkgName}'\n`,
    budget: 28930, // 28087 B measured + 3% (issue 34 points 2 and 3; see above)
    goal: 12 * KiB,
  },
  {
    name: 'D: root entry pulls no bridge code',
    entry: `export * from '${pkgName}'\n`,
    skip: () => (hasSubpath('./bridge') ? null : `${pkgName}/bridge does not exist yet`),
    // Bridge code may reach the root bundle as dist/bridge.js itself, or hidden
    // in a shared chunk; the dist sourcemaps name the original src/ modules.
    forbid: (source) => /(^|\/)src\/bridge\//.test(source) || /(^|\/)dist\/bridge\.js$/.test(source),
  },
  {
    // Issue 21 point 9: install + the 2.x MiniKit.walletAuth against official
    // 2.0.3's same lines, bundled the same way in this run (the goal; issue 34
    // point 3 asks for <= 12 KiB). Issue 34 made the 2.x statics shells that
    // load v2/statics.ts on first call (22667 -> 20706 B before issue 34's
    // other points and @noble/hashes' keccak: 22567 B). The rest is the
    // floor while the one MiniKit object carries the synchronous 1.x `commands`
    // (every 1.x builder, schema and verify's keccak load with it; official 2.x
    // dropped them) and zod checks every boundary: measured without any 1.x
    // command on MiniKit (not shippable), it is still 14045 B, zod 6.5 KiB of
    // it. Today (gzip saved per part, `--account`): zod 8.2 KiB, commands/
    // 3.8, install+facade+faces 2.0, @noble/hashes keccak 1.8, utils/ encodePacked, errors
    // 0.6, dispatcher 0.6, the rest 1.9.
    name: 'I: install + 2.x MiniKit.walletAuth',
    entry: walletAuth2x(pkgName),
    account: true,
    budget: 23245, // 22567 B measured + 3% (issue 34 point 3)
    goalFrom: { name: 'official 2.0.3', entry: walletAuth2x(OFFICIAL_2) },
  },
  {
    // Issue 34 point 2: an app bundled without code splitting (`esbuild
    // --bundle`, a library build, a worker) gets every import() inlined, so
    // this counts all the code the page can ever load. Official 2.0.3 is
    // bundled the same way in this run; the goal is at most twice its size.
    name: 'J: unsplit install + 2.x walletAuth + sendTransaction',
    entry: walletAuthAndSend2x(pkgName),
    unsplit: true,
    account: true,
    budget: 29992, // 29118 B measured + 3% (issue 34 point 2; 129709 B before)
    goalFrom: { name: 'official 2.0.3', entry: walletAuthAndSend2x(OFFICIAL_2) },
    goalFactor: 2,
  },
  {
    // Issue 34 point 2: the root entry's whole import graph, import() included.
    name: 'K: root entry reaches no viem/ox/@noble/curves/bridge (static or import())',
    entry: `export * from '${pkgName}'\n`,
    unsplit: true,
    forbid: isHeavy,
  },
  {
    name: 'E: root entry pulls no viem (load time)',
    entry: `export * from '${pkgName}'\n`,
    forbid: (source) => /(^|\/)node_modules\/viem\//.test(source),
  },
  // wagmi is an optional peer (issue #21): the root never loads it, and the
  // two wagmi subpaths load it only through import(), on the first command
  // that needs the web wallet (the connector is typed with wagmi's types only).
  {
    name: 'F: root entry pulls no wagmi (load time)',
    entry: `export * from '${pkgName}'\n`,
    forbid: isWagmi,
  },
  {
    name: 'G: ./wagmi pulls no wagmi (load time)',
    entry: `export * from '${pkgName}/wagmi'\n`,
    skip: () => (hasSubpath('./wagmi') ? null : `${pkgName}/wagmi does not exist yet`),
    forbid: isWagmi,
  },
  {
    name: 'H: ./wagmi-fallback pulls no wagmi (load time)',
    entry: `export * from '${pkgName}/wagmi-fallback'\n`,
    skip: () => (hasSubpath('./wagmi-fallback') ? null : `${pkgName}/wagmi-fallback does not exist yet`),
    forbid: isWagmi,
  },
]

/**
 * wagmi itself or one of its packages (@wagmi/core, @wagmi/connectors).
 *
 * @param {string} source
 */
function isWagmi(source) {
  return /(^|\/)node_modules\/(wagmi|@wagmi\/[^/]+)\//.test(source)
}

const pkgJson = () => JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'))

/** @param {string} subpath */
function hasSubpath(subpath) {
  const exports = pkgJson().exports
  return Boolean(exports && typeof exports === 'object' && subpath in exports)
}

/**
 * Pick the browser/ESM target of one `exports` entry (never `types`).
 *
 * @param {unknown} entry
 * @returns {string | null}
 */
function pickTarget(entry) {
  if (typeof entry === 'string') return entry
  if (!entry || typeof entry !== 'object') return null
  for (const condition of ['browser', 'import', 'module', 'default']) {
    if (condition in entry) {
      const target = pickTarget(/** @type {Record<string, unknown>} */ (entry)[condition])
      if (target) return target
    }
  }
  return null
}

/**
 * Resolve `@worldmap/minikit[/sub]` through the package's own `exports` map to
 * its dist file. The root does not depend on the package, and a plugin keeps
 * the measurement independent of how node_modules happens to be linked.
 *
 * @type {import('esbuild').Plugin}
 */
const workspacePackage = {
  name: 'workspace-package',
  setup(b) {
    const filter = new RegExp(`^${pkgName.replace('/', '\\/')}(\\/.*)?$`)
    b.onResolve({ filter }, (args) => {
      const subpath = args.path === pkgName ? '.' : `.${args.path.slice(pkgName.length)}`
      const exports = pkgJson().exports ?? {}
      const target = pickTarget(exports[subpath])
      if (!target) return { errors: [{ text: `"${subpath}" is not exported by ${pkgName}/package.json` }] }
      const file = join(pkgDir, target)
      if (!existsSync(file)) {
        return { errors: [{ text: `${relative(root, file)} is missing; build first (pnpm build)` }] }
      }
      return { path: file }
    })
  },
}

/**
 * Resolve the official 2.x package from packages/simulator, where it is a
 * devDependency, to its ESM build (what an app bundler picks), so a
 * `goalFrom` entry bundles the official toolkit as an app would.
 *
 * @type {import('esbuild').Plugin}
 */
const officialPackage = {
  name: 'official-package',
  setup(b) {
    const require = createRequire(join(root, 'packages/simulator/package.json'))
    b.onResolve({ filter: new RegExp(`^${OFFICIAL_2}(/.*)?$`) }, (args) => ({
      path: require.resolve(args.path).replace(/\.cjs$/, '.js'),
    }))
  },
}

/**
 * Leave every `import()` unbundled. esbuild's code splitting turns each
 * dynamic import it meets into a chunk before tree-shaking, even inside dead
 * code, and hoists what those chunks share into chunks the entry imports
 * statically — which counts lazy (or never-loaded) code as eager. Keeping
 * import() external gives the load-time cost a real app bundler would ship.
 *
 * @type {import('esbuild').Plugin}
 */
const lazyExternal = {
  name: 'lazy-external',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => (args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined))
  },
}

/**
 * @param {SizeCheck} check
 * @param {string} entryFile
 * @param {string} outdir
 * @param {boolean} splitting
 */
function bundle(check, entryFile, outdir, splitting, inlineLazy = false) {
  // The eager build keeps a sourcemap: esbuild chains it through the dist
  // sourcemaps, so its bytes can be traced back to packages/minikit/src files.
  return build({
    absWorkingDir: root,
    entryPoints: [entryFile],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    treeShaking: true,
    splitting,
    sourcemap: splitting ? false : 'external',
    outdir,
    write: false,
    metafile: true,
    logLevel: 'silent',
    external: check.external ?? [],
    plugins: splitting || inlineLazy ? [workspacePackage, officialPackage] : [lazyExternal, workspacePackage, officialPackage],
    define: { 'process.env.NODE_ENV': '"production"' },
  })
}

const gzipSize = (/** @type {Uint8Array} */ bytes) => gzipSync(bytes, { level: 9 }).length

/**
 * Eager cost: one bundle with import() left out (see lazyExternal). Lazy
 * cost, for information: a code-split bundle, summing the chunks reachable
 * only through import() from the entry chunk.
 *
 * @param {SizeCheck} check
 * @param {string} workDir
 */
async function measure(check, workDir) {
  const id = check.name.replace(/[^a-z0-9]+/gi, '-')
  const entryFile = join(workDir, `${id}.js`)
  writeFileSync(entryFile, check.entry)

  if (check.unsplit) {
    // One file, every import() inlined: what a bundler without splitting ships.
    const whole = await bundle(check, entryFile, join(workDir, 'unsplit', id), false, true)
    const out = /** @type {import('esbuild').OutputFile} */ (whole.outputFiles.find((f) => f.path.endsWith('.js')))
    const map = whole.outputFiles.find((f) => f.path === `${out.path}.map`)
    const owners = map ? sourcemapOwners(out, map, entryFile, root) : []
    return {
      gzip: gzipSize(out.contents),
      minified: out.contents.length,
      lazyImports: 0,
      lazyGzip: 0,
      lazyChunks: 0,
      // Every module esbuild parsed, tree-shaken or not: the import graph.
      eagerSources: Object.keys(whole.metafile.inputs).flatMap((input) => originalSources(input, root)),
      lazySources: [],
      top: owners.slice(0, TOP),
      account: check.account && flags.account ? accountOf(out.contents, owners) : undefined,
    }
  }
  const eager = await bundle(check, entryFile, join(workDir, 'eager', id), false)
  const eagerOut = /** @type {string} */ (Object.keys(eager.metafile.outputs).find((o) => eager.metafile.outputs[o]?.entryPoint))
  const eagerMeta = /** @type {import('esbuild').Metafile['outputs'][string]} */ (eager.metafile.outputs[eagerOut])
  const eagerFile = /** @type {import('esbuild').OutputFile} */ (
    eager.outputFiles.find((f) => slash(relative(root, f.path)) === eagerOut)
  )
  const lazyImports = eagerMeta.imports.filter((i) => i.kind === 'dynamic-import').length

  const eagerMap = eager.outputFiles.find((f) => f.path === `${eagerFile.path}.map`)
  const owners = eagerMap ? sourcemapOwners(eagerFile, eagerMap, entryFile, root) : []

  const split = await bundle(check, entryFile, join(workDir, 'split', id), true)
  const outputs = split.metafile.outputs
  const contents = new Map(split.outputFiles.map((f) => [slash(relative(root, f.path)), f.contents]))
  const entryOut = /** @type {string} */ (Object.keys(outputs).find((o) => outputs[o]?.entryPoint))
  /** @type {Set<string>} */
  const staticChunks = new Set()
  /** @type {string[]} */
  const lazyRoots = []
  const stack = [entryOut]
  while (stack.length) {
    const out = /** @type {string} */ (stack.pop())
    if (staticChunks.has(out)) continue
    staticChunks.add(out)
    for (const imp of /** @type {import('esbuild').Metafile['outputs'][string]} */ (outputs[out]).imports) {
      if (imp.external) continue
      if (imp.kind === 'dynamic-import') lazyRoots.push(imp.path)
      else stack.push(imp.path)
    }
  }
  /** @type {Set<string>} */
  const lazy = new Set()
  while (lazyRoots.length) {
    const out = /** @type {string} */ (lazyRoots.pop())
    if (staticChunks.has(out) || lazy.has(out)) continue
    lazy.add(out)
    for (const imp of /** @type {import('esbuild').Metafile['outputs'][string]} */ (outputs[out]).imports)
      if (!imp.external) lazyRoots.push(imp.path)
  }
  const lazyInputs = new Set(
    [...lazy].flatMap((o) => Object.keys(/** @type {import('esbuild').Metafile['outputs'][string]} */ (outputs[o]).inputs)),
  )

  return {
    gzip: gzipSize(eagerFile.contents),
    minified: eagerFile.contents.length,
    lazyImports,
    lazyGzip: [...lazy].reduce((n, o) => n + gzipSize(/** @type {Uint8Array} */ (contents.get(o))), 0),
    lazyChunks: lazy.size,
    eagerSources: Object.keys(eagerMeta.inputs).flatMap((input) => originalSources(input, root)),
    lazySources: [...lazyInputs].flatMap((input) => originalSources(input, root)),
    top: owners.slice(0, TOP),
    account: check.account && flags.account ? accountOf(eagerFile.contents, owners) : undefined,
  }
}

/**
 * One row of the report.
 *
 * @typedef {{ name: string, ok: boolean, skipped: boolean, gzip: number | null, budget: number | null, goal: number | null,
 *   note?: string, minified?: number, lazyImports?: number, lazyGzip?: number, lazyChunks?: number,
 *   reference?: { name: string, gzip: number, minified: number }, top?: Array<{ owner: string, minified: number }>,
 *   account?: ReturnType<typeof accountOf>, referenceAccount?: ReturnType<typeof accountOf> }} Row
 */

async function run() {
  /** @type {Row[]} */
  const results = []
  const workDir = mkdtempSync(join(tmpdir(), 'minikit-size-'))
  try {
    for (const check of checks) {
      /** @type {Row} */
      const row = {
        name: check.name,
        ok: false,
        skipped: false,
        gzip: null,
        budget: check.budget ?? null,
        goal: check.goal ?? null,
      }
      results.push(row)
      const reason = check.skip?.()
      if (reason) {
        Object.assign(row, { ok: true, skipped: true, note: `skipped: ${reason}` })
        continue
      }
      try {
        if (check.goalFrom) {
          // The goal is the other toolkit's size, from this very run.
          const reference = await measure({ ...check, ...check.goalFrom, name: `${check.name} ${check.goalFrom.name}` }, workDir)
          row.goal = reference.gzip * (check.goalFactor ?? 1)
          row.reference = { name: check.goalFrom.name, gzip: reference.gzip, minified: reference.minified }
          if (reference.account) row.referenceAccount = reference.account
        }
        const m = await measure(check, workDir)
        Object.assign(row, {
          gzip: m.gzip,
          minified: m.minified,
          lazyImports: m.lazyImports,
          lazyGzip: m.lazyGzip,
          lazyChunks: m.lazyChunks,
          top: m.top.map(([owner, minified]) => ({ owner, minified })),
          account: m.account,
        })
        if (check.forbid) {
          const hits = [...new Set(m.eagerSources.filter(check.forbid))]
          const lazyHits = [...new Set(m.lazySources.filter(check.forbid))]
          row.ok = hits.length === 0
          if (hits.length)
            row.note = `pulls ${hits.length} module(s): ${hits.slice(0, 2).map(short).join(', ')}${hits.length > 2 ? ', …' : ''}`
          else if (lazyHits.length) row.note = `only lazily (import()): ${lazyHits.length} module(s)`
        } else {
          row.ok = m.gzip <= /** @type {number} */ (check.budget)
          if (m.lazyChunks) row.note = `lazy, not counted: ${fmt(m.lazyGzip)} in ${m.lazyChunks} chunk(s)`
          if (row.reference) {
            const factor = check.goalFactor && check.goalFactor !== 1 ? `${check.goalFactor} x ` : ''
            const sizes = check.unsplit
              ? ` (${fmt(row.reference.minified)} min / ${fmt(row.reference.gzip)} gzip; ours ${fmt(m.minified)} min)`
              : ''
            row.note = [`goal = ${factor}${row.reference.name}${sizes}`, row.note].filter(Boolean).join('; ')
          }
        }
      } catch (error) {
        const failure = /** @type {{ errors?: Array<{ text: string }>, message?: string } | undefined} */ (error)
        const messages = failure?.errors?.map((e) => e.text) ?? [String(failure?.message ?? error)]
        row.note = `error: ${messages.join('; ')}`
      }
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true })
  }
  return results
}

/** Drop the pnpm store prefix: `node_modules/.pnpm/x@1/node_modules/viem/a.js` -> `viem/a.js`. */
const short = (/** @type {string} */ path) => path.split('node_modules/').at(-1)

const fmt = (/** @type {number | null | undefined} */ bytes) => (bytes == null ? '-' : `${(bytes / KiB).toFixed(2)} KiB`)

/** @param {Row[]} results */
function table(results) {
  const rows = [
    ['budget', 'gzip', 'limit', 'goal', 'ok', 'note'],
    ...results.map((r) => [
      r.name,
      r.gzip == null ? '-' : `${r.gzip} B (${fmt(r.gzip)})`,
      r.budget == null ? '-' : `${r.budget} B (${fmt(r.budget)})`,
      r.goal == null ? '-' : `${fmt(r.goal)}${r.gzip != null && r.gzip > r.goal ? ' (missed)' : ''}`,
      r.skipped ? 'skip' : r.ok ? 'yes' : 'NO',
      r.note ?? '',
    ]),
  ]
  const widths = /** @type {string[]} */ (rows[0]).map((_, i) => Math.max(...rows.map((row) => row[i].length)))
  const failing = results.filter((r) => !r.ok && r.budget != null && r.top?.length)
  const details = failing.map(
    (r) =>
      `\n${r.name}: largest contributors (minified bytes, by source)\n${(r.top ?? []).map((t) => `  ${String(t.minified).padStart(8)}  ${t.owner}`).join('\n')}`,
  )
  const lines = rows.map((row) =>
    row
      .map((cell, i) => cell.padEnd(/** @type {number} */ (widths[i])))
      .join('  ')
      .trimEnd(),
  )
  const accounts = results.flatMap((r) => [
    ...(r.account ? [accountText(r.name, r.account, TOP)] : []),
    ...(r.referenceAccount ? [accountText(`${r.name}, ${r.reference?.name}`, r.referenceAccount, TOP)] : []),
  ])
  return [...lines, ...details, ...accounts].join('\n')
}

const json = flags.json === true
const results = await run()
const summary = {
  passed: results.filter((r) => r.ok && !r.skipped).length,
  failed: results.filter((r) => !r.ok).length,
  skipped: results.filter((r) => r.skipped).length,
  results,
}
const text = `${table(results)}\n\nsize: ${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped\n`
if (json) {
  process.stderr.write(text)
  process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`)
} else {
  process.stdout.write(text)
}
process.exitCode = summary.failed ? 1 : 0
