import type { Translation } from '@worldmap/game'
import type { errorsEn } from '../en/errors.js'

export const errorsId: Translation<typeof errorsEn> = {
  'errors.notFoundTitle': 'Halaman tidak ditemukan',
  'errors.notFoundBody': 'Tidak ada apa pun di alamat ini. Petanya masih di tempat kamu meninggalkannya.',
  'errors.errorTitle': 'Terjadi kesalahan',
  'errors.errorBody': 'WorldMap mengalami kesalahan tak terduga. Coba lagi sebentar lagi.',
  'errors.backHome': 'Kembali ke WorldMap',
}
