import type { Translation } from '@worldmap/game'
import type { profileEn } from '../en/profile.js'

export const profileId: Translation<typeof profileEn> = {
  'profile.avatarAlt': 'Avatar {name}',
  'profile.fallbackName': 'Penjelajah',
  'profile.copyWallet': 'Salin alamat dompet',
  'profile.copied': 'Alamat dompet disalin',
  'profile.copyFailed': 'Gagal menyalin. Coba lagi',
  'profile.inventory': 'Inventaris',
  'profile.signOut': 'Keluar',
}
