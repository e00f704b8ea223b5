import type { Translation } from '@worldmap/game'
import type { artEn } from '../en/art.js'

export const artId: Translation<typeof artEn> = {
  'art.about.coin': 'Masih hangat dari saku orang asing. Mungkin membawa hoki.',
  'art.about.gem': 'Batu asahan yang menangkap cahaya yang tak dilihat orang lain.',
  'art.about.shell': 'Dekatkan ke telinga: suara laut, jauh dari pantai mana pun.',
  'art.about.feather': 'Jatuh di tengah terbang dari burung yang tahu jalan pulang.',
  'art.about.crystal': 'Tumbuh dalam gelap selama seribu tahun, menunggumu.',
  'art.about.compass': 'Jarumnya menunjuk ke temuan berharga berikutnya.',
  'art.about.scroll': 'Peta setengah jadi, dengan tulisan tangan yang terasa akrab.',
  'art.about.relic': 'Lebih tua dari jalan-jalan di sekitarnya. Seseorang menyimpannya untukmu.',
}
