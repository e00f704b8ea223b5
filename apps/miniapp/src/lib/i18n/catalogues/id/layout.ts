import type { Translation } from '@worldmap/game'
import type { layoutEn } from '../en/layout.js'

export const layoutId: Translation<typeof layoutEn> = {
  'layout.home': 'Beranda',
  'layout.profile': 'Profil',
  'layout.mainNav': 'Utama',
  'layout.back': 'Kembali',
  'layout.map': 'Peta',
  'layout.offlineDevice': 'Kamu sedang offline. Permainan berlanjut begitu kamu kembali online.',
  'layout.offlineServer': 'Tidak bisa terhubung ke permainan saat ini. Menyambungkan ulang…',
  'layout.titleHome': 'WorldMap',
  'layout.titleMap': 'Peta · WorldMap',
  'layout.titleProfile': 'Profil · WorldMap',
  'layout.titleInventory': 'Inventaris · WorldMap',
  'layout.titleNotFound': 'Halaman tidak ditemukan · WorldMap',
  'layout.titleError': 'Terjadi kesalahan · WorldMap',
  'layout.description': 'Kumpulkan item di sekitarmu sebagai manusia terverifikasi — mini app World App.',
}
