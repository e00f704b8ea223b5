// The official toolkit 1.11.0 (the last 1.x), for differential tests of the
// 1.9.9-1.11 additions. Like 1.9.6 it is a devDependency of the simulator,
// under the npm alias `@worldcoin/minikit-js-1.11`; the ESM builds are
// imported so every official version shares one copy of viem and idkit-core.
import { createRequire } from 'node:module'
import { resolve } from 'node:path'

// A path, not `import.meta.url`: under happy-dom that is an http:// URL.
const require = createRequire(resolve(__dirname, '../../simulator/package.json'))

/** The runtime module of an official build by its package name in the simulator's devDependencies (untyped: compared at runtime). */
// biome-ignore lint/suspicious/noExplicitAny: the official module is compared at runtime, key by key.
export async function importOfficialBuild(name: string): Promise<Record<string, any>> {
  return import(require.resolve(name).replace(/index\.cjs$/, 'index.js'))
}

/** The runtime module of official `@worldcoin/minikit-js` 1.11.0. */
// biome-ignore lint/suspicious/noExplicitAny: the official module is compared at runtime, key by key.
export const importOfficial111 = (): Promise<Record<string, any>> => importOfficialBuild('@worldcoin/minikit-js-1.11')
