// The official toolkit 2.0.3, for differential tests of the 2.x surface. Like
// 1.9.6 and 1.11.0 it is a devDependency of the simulator, under the npm
// alias `@worldcoin/minikit-js-2`. 2.x ships one ESM file per subpath
// (`./siwe`, `./address-book`, `./minikit-provider`…); the ESM build is
// imported so every official version shares one copy of viem.
import { createRequire } from 'node:module'
import { resolve } from 'node:path'

// A path, not `import.meta.url`: under happy-dom that is an http:// URL.
const require = createRequire(resolve(__dirname, '../../simulator/package.json'))

/**
 * The runtime module of one subpath of official `@worldcoin/minikit-js` 2.0.3
 * (`''` for the root), untyped: compared at runtime.
 */
// biome-ignore lint/suspicious/noExplicitAny: the official module is compared at runtime, key by key.
export async function importOfficial203(subpath = ''): Promise<Record<string, any>> {
  const name = subpath === '' ? '@worldcoin/minikit-js-2' : `@worldcoin/minikit-js-2/${subpath}`
  return import(require.resolve(name).replace(/\.cjs$/, '.js'))
}

/**
 * Today's World App as official 2.0.3 expects it: every command 2.0.3 knows,
 * at the version it sends (a fake host's `supported` list).
 */
export async function official203Commands(): Promise<Array<{ name: string; supported_versions: number[] }>> {
  const { COMMAND_VERSIONS } = await importOfficial203('commands')
  return Object.entries(COMMAND_VERSIONS as Record<string, number>).map(([name, version]) => ({
    name,
    supported_versions: [version],
  }))
}
