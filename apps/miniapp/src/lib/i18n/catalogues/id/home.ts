import type { Translation } from '@worldmap/game'
import type { homeEn } from '../en/home.js'

export const homeId: Translation<typeof homeEn> = {
  'home.hello': 'Halo,',
  'home.openMapSub': 'Temukan item di sekitarmu dan kumpulkan.',
  'home.findsTitle': 'Temuanmu',
  'home.findsFailed': 'Temuanmu tidak dapat dimuat.',
  'home.today': 'Hari ini',
  'home.total': 'Total',
  'home.seeInventory': 'Lihat inventarismu',
  'home.nearestTitle': 'Item terdekat',
  'home.rewardDay': 'Hadiah runtunan hari ke-{day}',
  'home.locating': 'Mencari lokasimu…',
  'home.noLocation': 'Nyalakan lokasi untuk melihat item di dekatmu.',
  'home.looking': 'Mencari item di dekatmu…',
  'home.nearestFailed': 'Item di sekitar tidak dapat dimuat. Periksa koneksimu.',
  'home.noneNearby': 'Belum ada item di dekatmu. Item baru muncul setiap setengah jam.',
  'home.pending': { other: '{count} temuan menunggumu' },
  'home.pendingSub': 'Buka peta untuk melihat temuanmu.',
}
