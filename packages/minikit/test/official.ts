// The official toolkit, for differential tests. It is a devDependency of the
// simulator (its cross-client tests), not of this package, so it is resolved
// from there; its ESM build is imported (the CommonJS one would load a
// second copy of viem and idkit-core).
import { createRequire } from 'node:module'
import { join } from 'node:path'

// A path, not `import.meta.url`: under happy-dom that is an http:// URL.
const require = createRequire(join(import.meta.dirname, '../../simulator/package.json'))

/** The runtime module of official `@worldcoin/minikit-js` 1.9.6 (untyped: its types are not ours to compile against). */
// biome-ignore lint/suspicious/noExplicitAny: the official module is compared at runtime, key by key.
export async function importOfficial196(): Promise<Record<string, any>> {
  const entry = require.resolve('@worldcoin/minikit-js').replace(/index\.cjs$/, 'index.js')
  return import(entry)
}
