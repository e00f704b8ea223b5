import type { Translation } from '@worldmap/game'
import type { layoutEn } from '../en/layout.js'

export const layoutPtBR: Translation<typeof layoutEn> = {
  'layout.home': 'Início',
  'layout.profile': 'Perfil',
  'layout.mainNav': 'Principal',
  'layout.back': 'Voltar',
  'layout.map': 'Mapa',
  'layout.offlineDevice': 'Você está off-line. O jogo continua assim que você voltar a ficar on-line.',
  'layout.offlineServer': 'Não foi possível acessar o jogo agora. Reconectando…',
  'layout.titleHome': 'WorldMap',
  'layout.titleMap': 'Mapa · WorldMap',
  'layout.titleProfile': 'Perfil · WorldMap',
  'layout.titleInventory': 'Inventário · WorldMap',
  'layout.titleNotFound': 'Página não encontrada · WorldMap',
  'layout.titleError': 'Algo deu errado · WorldMap',
  'layout.description': 'Colete itens ao seu redor, como humano verificado: um mini app do World App.',
}
