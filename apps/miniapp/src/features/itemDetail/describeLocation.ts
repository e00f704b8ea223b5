import { distanceInMeters, type LatLng, type Locale } from '@worldmap/game'
import { compassDirectionOf } from '../../lib/geo/compassDirectionOf.js'
import { formatNumber } from '../../lib/i18n/formatNumber.js'
import type { Translate } from '../../lib/i18n/index.js'
import { countryName } from './countryName.js'
import { PLACES } from './places.js'

/** Round a distance to what "roughly" means at that range. */
function roughKilometres(metres: number): number {
  const km = metres / 1000
  if (km < 100) return Math.max(5, Math.round(km / 5) * 5)
  if (km < 1000) return Math.round(km / 10) * 10
  return Math.round(km / 100) * 100
}

/**
 * Roughly where something was found, in the player's words and never as
 * coordinates: the nearest big city from a bundled list — "in Singapore"
 * (within 10 km), "near Johor Bahru, Malaysia" (within 30 km), otherwise a
 * rounded distance and direction, "about 40 km north-west of Kuala Lumpur,
 * Malaysia". No network lookup, and nothing finer than a city for someone
 * looking over the player's shoulder. Countries are named in the player's
 * language (`countryName`); cities keep the list's names.
 *
 * @example
 * ```ts
 * describeLocation(t, 'en', { lat: 1.2834, lng: 103.8607 }) // 'in Singapore'
 * describeLocation(t, 'pt-BR', { lat: 1.45, lng: 103.76 })  // 'perto de Johor Bahru, Malásia'
 * ```
 */
export function describeLocation(t: Translate, locale: Locale, point: LatLng): string {
  let nearest = PLACES[0]
  let nearestMetres = Number.POSITIVE_INFINITY
  for (const place of PLACES) {
    const metres = distanceInMeters(point, { lat: place[2], lng: place[3] })
    if (metres < nearestMetres) {
      nearest = place
      nearestMetres = metres
    }
  }
  if (!nearest || !Number.isFinite(nearestMetres)) return t('inventory.placeUnknown')
  const [name, country, lat, lng] = nearest
  const place = country ? `${name}, ${countryName(country, locale)}` : name
  if (nearestMetres < 10_000) return t('inventory.placeIn', { place: name })
  if (nearestMetres < 30_000) return t('inventory.placeNear', { place })
  return t('inventory.placeAbout', {
    km: formatNumber(roughKilometres(nearestMetres), locale),
    direction: t(`inventory.direction.${compassDirectionOf({ lat, lng }, point)}`),
    place,
  })
}
