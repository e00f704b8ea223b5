import type { Translation } from '@worldmap/game'
import type { artEn } from '../en/art.js'

export const artEs: Translation<typeof artEn> = {
  'art.about.coin': 'Aún tibia del bolsillo de un desconocido. De la suerte, seguro.',
  'art.about.gem': 'Una piedra tallada que atrapa la luz que nadie más vio.',
  'art.about.shell': 'Acércala al oído: el mar, a kilómetros de cualquier costa.',
  'art.about.feather': 'Caída en pleno vuelo de un pájaro que sabe volver a casa.',
  'art.about.crystal': 'Creció a oscuras durante mil años, esperándote.',
  'art.about.compass': 'Su aguja señala lo próximo que vale la pena encontrar.',
  'art.about.scroll': 'Un mapa a medio hacer, con una letra que casi reconoces.',
  'art.about.relic': 'Más antigua que las calles que la rodean. Alguien la guardó para ti.',
}
