import type { Translation } from '@worldmap/game'
import type { layoutEn } from '../en/layout.js'

export const layoutEs: Translation<typeof layoutEn> = {
  'layout.home': 'Inicio',
  'layout.profile': 'Perfil',
  'layout.mainNav': 'Principal',
  'layout.back': 'Volver',
  'layout.map': 'Mapa',
  'layout.offlineDevice': 'Estás sin conexión. El juego sigue en cuanto vuelvas a estar en línea.',
  'layout.offlineServer': 'No podemos conectar con el juego ahora mismo. Reconectando…',
  'layout.titleHome': 'WorldMap',
  'layout.titleMap': 'Mapa · WorldMap',
  'layout.titleProfile': 'Perfil · WorldMap',
  'layout.titleInventory': 'Inventario · WorldMap',
  'layout.titleNotFound': 'Página no encontrada · WorldMap',
  'layout.titleError': 'Algo salió mal · WorldMap',
  'layout.description': 'Recoge objetos a tu alrededor, como humano verificado: una mini app de World App.',
}
