/** Hostnames that always mean "this is a laptop, use the emulators". */
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

/**
 * Whether a page served from `hostname` runs in local mode: a loopback host,
 * or one of the configured dev tunnel hosts (spec §7: "in a dev tunnel host
 * case, function and auth emulators are used"). Tunnel entries match the
 * host itself or any subdomain, so `.ngrok-free.app` style wildcards need no
 * pattern syntax.
 *
 * @example
 * ```ts
 * isLocalHost('localhost', []) // true
 * isLocalHost('abc.trycloudflare.com', ['trycloudflare.com']) // true
 * isLocalHost('worldmap.app', []) // false
 * ```
 */
export function isLocalHost(hostname: string, devTunnelHosts: readonly string[]): boolean {
  const host = hostname.toLowerCase()
  if (loopbackHosts.has(host)) return true
  return devTunnelHosts.some((tunnel) => {
    const entry = tunnel.toLowerCase().replace(/^\.+/, '')
    return entry !== '' && (host === entry || host.endsWith(`.${entry}`))
  })
}
