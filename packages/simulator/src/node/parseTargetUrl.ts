import { InvalidTargetUrlError } from './errors/InvalidTargetUrlError.js'

/**
 * Parse the app's URL as given on the command line: absolute, http or https
 * only (a `file:` page has no origin to run World App's host against, and a
 * bare `localhost:5173` would parse as the scheme `localhost:`).
 *
 * @example
 * ```ts
 * parseTargetUrl('http://localhost:5173/map') // URL { origin: 'http://localhost:5173', … }
 * parseTargetUrl('ftp://example.com/') // throws InvalidTargetUrlError
 * ```
 */
export function parseTargetUrl(raw: string | URL): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch (cause) {
    throw new InvalidTargetUrlError(String(raw), { cause })
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InvalidTargetUrlError(String(raw))
  return url
}
