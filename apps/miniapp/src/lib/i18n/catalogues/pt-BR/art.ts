import type { Translation } from '@worldmap/game'
import type { artEn } from '../en/art.js'

export const artPtBR: Translation<typeof artEn> = {
  'art.about.coin': 'Ainda quente do bolso de um estranho. Da sorte, provavelmente.',
  'art.about.gem': 'Uma pedra lapidada que pega a luz que ninguém mais notou.',
  'art.about.shell': 'Encoste no ouvido: o mar, a quilômetros de qualquer praia.',
  'art.about.feather': 'Caiu em pleno voo de um pássaro que sabe o caminho de casa.',
  'art.about.crystal': 'Cresceu no escuro por mil anos, esperando por você.',
  'art.about.compass': 'A agulha aponta para a próxima coisa que vale a pena achar.',
  'art.about.scroll': 'Um mapa pela metade, numa letra que você quase reconhece.',
  'art.about.relic': 'Mais antiga que as ruas em volta. Alguém a guardou para você.',
}
