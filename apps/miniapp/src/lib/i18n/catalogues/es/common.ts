import type { Translation } from '@worldmap/game'
import type { commonEn } from '../en/common.js'

export const commonEs: Translation<typeof commonEn> = {
  'common.tryAgain': 'Reintentar',
  'common.loading': 'Cargando',
  'common.loadingPage': 'Cargando la página',
  'common.close': 'Cerrar',
  'common.back': 'Volver',
  'common.openMap': 'Abrir el mapa',
  'common.offlineAction': 'Estás sin conexión. Esto vuelve a funcionar cuando recuperes la conexión.',
  'common.points': { one: '{count} pt', other: '{count} pts' },
  'common.yourAvatar': 'Tu avatar',
}
