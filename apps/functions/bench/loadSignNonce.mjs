import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'

const miniappDir = fileURLToPath(new URL('../../miniapp/', import.meta.url))

/**
 * Load `handleSignNonce` from `@worldmap/game/server`, the very
 * function the app server's `POST /api/sign-nonce` calls (bundled with
 * esbuild first, resolved from the app, its consumer).
 * The load run gets signed nonces from it instead of re-implementing the HMAC,
 * so it follows whatever the signed nonce carries.
 *
 * @returns {Promise<typeof import('@worldmap/game/server').handleSignNonce>}
 * @example
 * ```js
 * const handleSignNonce = await loadSignNonce()
 * const { body } = handleSignNonce({ method: 'POST', body: JSON.stringify({ nonce }) }, { secret })
 * ```
 */
export async function loadSignNonce() {
  const result = await build({
    stdin: {
      contents: "export { handleSignNonce } from '@worldmap/game/server'",
      resolveDir: miniappDir,
      loader: 'js',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'error',
  })
  const dir = mkdtempSync(join(tmpdir(), 'worldmap-bench-'))
  const file = join(dir, 'signNonce.mjs')
  try {
    writeFileSync(file, result.outputFiles[0].contents)
    const module = await import(pathToFileURL(file).href)
    return module.handleSignNonce
  } finally {
    rmSync(dirname(file), { recursive: true, force: true })
  }
}
