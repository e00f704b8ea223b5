import type { Translation } from '@worldmap/game'
import type { homeEn } from '../en/home.js'

export const homeEs: Translation<typeof homeEn> = {
  'home.hello': 'Hola,',
  'home.openMapSub': 'Encuentra objetos a tu alrededor y recógelos.',
  'home.findsTitle': 'Tus hallazgos',
  'home.findsFailed': 'No se pudieron cargar tus hallazgos.',
  'home.today': 'Hoy',
  'home.total': 'Total',
  'home.seeInventory': 'Ver tu inventario',
  'home.nearestTitle': 'Objetos más cercanos',
  'home.rewardDay': 'Tu premio del día {day} de racha',
  'home.locating': 'Buscando tu ubicación…',
  'home.noLocation': 'Activa la ubicación para ver los objetos cerca de ti.',
  'home.looking': 'Buscando objetos cerca de ti…',
  'home.nearestFailed': 'No se pudieron cargar los objetos cercanos. Revisa tu conexión.',
  'home.noneNearby': 'No hay objetos cerca de ti ahora. Aparecen nuevos cada media hora.',
  'home.pending': { one: 'Tienes un hallazgo esperándote', other: 'Tienes {count} hallazgos esperándote' },
  'home.pendingSub': 'Abre el mapa para ver lo que encontraste.',
}
