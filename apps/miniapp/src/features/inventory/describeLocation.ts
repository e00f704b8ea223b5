/**
 * Where something was found, in words that need no current position:
 * coordinates with hemispheres, five decimals (about a metre).
 *
 * @example
 * ```ts
 * describeLocation({ lat: 1.2834, lng: 103.8607 }) // '1.28340° N, 103.86070° E'
 * describeLocation({ lat: -33.8568, lng: -151.2153 }) // '33.85680° S, 151.21530° W'
 * ```
 */
export function describeLocation({ lat, lng }: { lat: number; lng: number }): string {
  const latitude = `${Math.abs(lat).toFixed(5)}° ${lat < 0 ? 'S' : 'N'}`
  const longitude = `${Math.abs(lng).toFixed(5)}° ${lng < 0 ? 'W' : 'E'}`
  return `${latitude}, ${longitude}`
}
