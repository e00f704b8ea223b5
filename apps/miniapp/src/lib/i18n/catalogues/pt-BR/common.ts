import type { Translation } from '@worldmap/game'
import type { commonEn } from '../en/common.js'

export const commonPtBR: Translation<typeof commonEn> = {
  'common.tryAgain': 'Tentar de novo',
  'common.loading': 'Carregando',
  'common.loadingPage': 'Carregando a página',
  'common.close': 'Fechar',
  'common.back': 'Voltar',
  'common.openMap': 'Abrir o mapa',
  'common.offlineAction': 'Você está off-line. Isso volta a funcionar quando a conexão voltar.',
  'common.points': { one: '{count} pt', other: '{count} pts' },
  'common.yourAvatar': 'Seu avatar',
}
