import type { Translation } from '@worldmap/game'
import type { homeEn } from '../en/home.js'

export const homePtBR: Translation<typeof homeEn> = {
  'home.hello': 'Olá,',
  'home.openMapSub': 'Encontre itens ao seu redor e colete-os.',
  'home.findsTitle': 'Seus achados',
  'home.findsFailed': 'Não foi possível carregar seus achados.',
  'home.today': 'Hoje',
  'home.total': 'Total',
  'home.seeInventory': 'Ver seu inventário',
  'home.nearestTitle': 'Itens mais próximos',
  'home.rewardDay': 'Seu prêmio do dia {day} da sequência',
  'home.locating': 'Buscando sua localização…',
  'home.noLocation': 'Ative a localização para ver os itens perto de você.',
  'home.looking': 'Procurando itens perto de você…',
  'home.nearestFailed': 'Não foi possível carregar os itens por perto. Verifique sua conexão.',
  'home.noneNearby': 'Nenhum item perto de você agora. Novos aparecem a cada meia hora.',
  'home.pending': { one: 'Um achado está esperando por você', other: '{count} achados estão esperando por você' },
  'home.pendingSub': 'Abra o mapa para ver o que você encontrou.',
}
