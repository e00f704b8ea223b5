import type { Translation } from '@worldmap/game'
import type { commonEn } from '../en/common.js'

export const commonId: Translation<typeof commonEn> = {
  'common.tryAgain': 'Coba lagi',
  'common.loading': 'Memuat',
  'common.loadingPage': 'Memuat halaman',
  'common.close': 'Tutup',
  'common.back': 'Kembali',
  'common.openMap': 'Buka peta',
  'common.offlineAction': 'Kamu sedang offline. Fitur ini berfungsi lagi begitu kamu kembali online.',
  'common.points': { other: '{count} poin' },
  'common.yourAvatar': 'Avatar kamu',
}
