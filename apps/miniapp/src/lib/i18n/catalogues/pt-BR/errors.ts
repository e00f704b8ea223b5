import type { Translation } from '@worldmap/game'
import type { errorsEn } from '../en/errors.js'

export const errorsPtBR: Translation<typeof errorsEn> = {
  'errors.notFoundTitle': 'Página não encontrada',
  'errors.notFoundBody': 'Não há nada neste endereço. O mapa continua onde você o deixou.',
  'errors.errorTitle': 'Algo deu errado',
  'errors.errorBody': 'O WorldMap encontrou um erro inesperado. Tente de novo em instantes.',
  'errors.backHome': 'Voltar ao WorldMap',
}
