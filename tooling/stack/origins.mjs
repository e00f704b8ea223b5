// The app origins the functions accept a sign-in for (WORLDMAP_APP_ORIGINS).

import { StackStartError } from './errors.mjs'
import { PORTS } from './ports.mjs'

/** @import { StackPorts } from './ports.mjs' */

/**
 * The dev app's origins, and the same for the stack's app port when it is another one.
 *
 * @param {StackPorts} ports
 */
export function defaultAppOrigins(ports) {
  const appPorts = [...new Set([PORTS.dev.app, ports.app])]
  return appPorts.flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`])
}

/**
 * `appOrigin` as a list of `URL.origin`s; anything but a bare http(s) origin is refused
 * (the functions would refuse to start with it).
 *
 * @param {string | string[]} value
 * @returns {string[]}
 */
export function readAppOrigins(value) {
  const list = (Array.isArray(value) ? value : [value]).flatMap((entry) => String(entry).split(','))
  const origins = list.map((entry) => {
    let url
    try {
      url = new URL(entry.trim())
    } catch {
      url = null
    }
    const bare = url && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password
    if (!url || !/^https?:$/.test(url.protocol) || !bare) {
      throw new StackStartError(
        `appOrigin ${JSON.stringify(entry)} is not an origin like http://localhost:3000 (scheme, host, port; no path).`,
        { code: 'invalid_option', piece: 'functions' },
      )
    }
    return url.origin
  })
  if (origins.length === 0) {
    throw new StackStartError('appOrigin is empty: give at least one origin, e.g. http://localhost:3000.', {
      code: 'invalid_option',
      piece: 'functions',
    })
  }
  return [...new Set(origins)]
}
