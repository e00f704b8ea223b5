import { readFileSync, realpathSync } from 'node:fs'
import { join, sep } from 'node:path'
import type { ViteDevServer } from 'vite'

type Manifest = { dependencies?: Record<string, unknown>; devDependencies?: Record<string, unknown> }

const readManifest = (folder: string): Manifest | undefined => {
  try {
    return JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as Manifest
  } catch {
    return undefined
  }
}

/**
 * The `dist/` folders of the workspace packages `root` links (its
 * `workspace:` dependencies, and theirs): what a dev server loads from
 * builds that can be redone under it.
 *
 * @example
 * ```ts
 * linkedBuildFolders('/repo/apps/miniapp') // ['/repo/packages/minikit/dist', '/repo/packages/simulator/dist', …]
 * ```
 */
export function linkedBuildFolders(root: string): string[] {
  const packages = new Set<string>()
  const visit = (folder: string, manifest: Manifest, withDev: boolean) => {
    const ranges = { ...manifest.dependencies, ...(withDev ? manifest.devDependencies : {}) }
    for (const [name, range] of Object.entries(ranges)) {
      if (typeof range !== 'string' || !range.startsWith('workspace:')) continue
      let target: string
      try {
        target = realpathSync(join(folder, 'node_modules', name))
      } catch {
        continue
      }
      if (packages.has(target)) continue
      packages.add(target)
      const linked = readManifest(target)
      if (linked) visit(target, linked, false)
    }
  }
  const manifest = readManifest(root)
  if (manifest) visit(root, manifest, true)
  return [...packages].map((folder) => join(folder, 'dist'))
}

/** Options of {@link recoverAfterBuilds}. */
export interface RecoverOptions {
  /** The build folders to watch. @default linkedBuildFolders(server.config.root) */
  folders?: string[]
  /** How long the folders must be quiet before the server starts afresh. @default 300 */
  quietMs?: number
  /** Called after each fresh start, with the folders that changed. */
  onReset?: (changed: string[]) => void
}

/**
 * Keep a dev server working while the workspace packages it loads are
 * rebuilt under it. A build that empties its `dist/` first (tsup's `clean`)
 * lets a request in that window fail to import a module, and Vite's module
 * runner keeps that failure for good (a module whose import failed stays
 * failed; the files coming back are not in its graph, so nothing invalidates
 * it): every page then answers 500 until a restart. So: watch those folders,
 * and once a build has gone quiet, drop every environment's module graph and
 * the module runners' evaluated modules, and reload the open pages. The next
 * request imports the new build.
 *
 * @returns a function that stops watching
 * @example
 * ```ts
 * configureServer(server) { recoverAfterBuilds(server) }
 * ```
 */
export function recoverAfterBuilds(server: ViteDevServer, options: RecoverOptions = {}): () => void {
  const folders = options.folders ?? linkedBuildFolders(server.config.root)
  const quietMs = options.quietMs ?? 300
  if (folders.length === 0) return () => {}
  server.watcher.add(folders)
  const changed = new Set<string>()
  let timer: ReturnType<typeof setTimeout> | undefined
  const reset = () => {
    timer = undefined
    for (const environment of Object.values(server.environments)) {
      environment.moduleGraph.invalidateAll()
      const runner = (environment as { runner?: { clearCache?: () => void } }).runner
      runner?.clearCache?.()
    }
    server.ws.send({ type: 'full-reload', path: '*' })
    const folders = [...changed]
    changed.clear()
    server.config.logger.info(`workspace build changed (${folders.join(', ')}): modules reloaded`, { timestamp: true })
    options.onReset?.(folders)
  }
  const onEvent = (file: string) => {
    const folder = folders.find((candidate) => file === candidate || file.startsWith(candidate + sep))
    // Code only: declaration files and source maps come later (tsc) and change nothing that runs.
    if (!folder || (file !== folder && !/\.[cm]?js$/.test(file))) return
    changed.add(folder)
    if (timer) clearTimeout(timer)
    timer = setTimeout(reset, quietMs)
  }
  const events = ['add', 'change', 'unlink', 'addDir', 'unlinkDir'] as const
  for (const event of events) server.watcher.on(event, onEvent)
  return () => {
    if (timer) clearTimeout(timer)
    for (const event of events) server.watcher.off(event, onEvent)
  }
}
