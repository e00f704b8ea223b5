import type { Translation } from '@worldmap/game'
import type { errorsEn } from '../en/errors.js'

export const errorsEs: Translation<typeof errorsEn> = {
  'errors.notFoundTitle': 'Página no encontrada',
  'errors.notFoundBody': 'No hay nada en esta dirección. El mapa sigue donde lo dejaste.',
  'errors.errorTitle': 'Algo salió mal',
  'errors.errorBody': 'WorldMap tuvo un error inesperado. Inténtalo de nuevo en un momento.',
  'errors.backHome': 'Volver a WorldMap',
}
