import { distanceInMeters, type LatLng } from '@worldmap/game'
import { PLACES } from './places.js'

const DIRECTIONS = ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west'] as const

const toRadians = (degrees: number) => (degrees * Math.PI) / 180

/** Compass direction (8 points) of `to` as seen from `from`. */
function direction(from: LatLng, to: LatLng): (typeof DIRECTIONS)[number] {
  const y = Math.sin(toRadians(to.lng - from.lng)) * Math.cos(toRadians(to.lat))
  const x =
    Math.cos(toRadians(from.lat)) * Math.sin(toRadians(to.lat)) -
    Math.sin(toRadians(from.lat)) * Math.cos(toRadians(to.lat)) * Math.cos(toRadians(to.lng - from.lng))
  const bearing = (Math.atan2(y, x) * 180) / Math.PI
  return DIRECTIONS[Math.round((bearing + 360) / 45) % 8] ?? 'north'
}

/** Round a distance to what "roughly" means at that range. */
function roughKilometres(metres: number): number {
  const km = metres / 1000
  if (km < 100) return Math.max(5, Math.round(km / 5) * 5)
  if (km < 1000) return Math.round(km / 10) * 10
  return Math.round(km / 100) * 100
}

/**
 * Roughly where something was found, in words and never as coordinates:
 * the nearest big city from a bundled list — "in Singapore" (within 10 km),
 * "near Johor Bahru, Malaysia" (within 30 km), otherwise a rounded
 * distance and direction, "about 40 km north-west of Kuala Lumpur, Malaysia".
 * No network lookup, and nothing finer than a city for someone looking over
 * the player's shoulder.
 *
 * @example
 * ```ts
 * describeLocation({ lat: 1.2834, lng: 103.8607 }) // 'in Singapore'
 * describeLocation({ lat: -33.7, lng: 151.1 })    // 'near Sydney, Australia'
 * ```
 */
export function describeLocation(point: LatLng): string {
  let nearest = PLACES[0]
  let nearestMetres = Number.POSITIVE_INFINITY
  for (const place of PLACES) {
    const metres = distanceInMeters(point, { lat: place[2], lng: place[3] })
    if (metres < nearestMetres) {
      nearest = place
      nearestMetres = metres
    }
  }
  if (!nearest || !Number.isFinite(nearestMetres)) return 'somewhere on the map'
  const [name, country, lat, lng] = nearest
  const place = country ? `${name}, ${country}` : name
  if (nearestMetres < 10_000) return `in ${name}`
  if (nearestMetres < 30_000) return `near ${place}`
  return `about ${roughKilometres(nearestMetres).toLocaleString('en')} km ${direction({ lat, lng }, point)} of ${place}`
}
