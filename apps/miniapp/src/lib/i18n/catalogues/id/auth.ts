import type { Translation } from '@worldmap/game'
import type { authEn } from '../en/auth.js'

export const authId: Translation<typeof authEn> = {
  'auth.tagline': 'Kumpulkan item di sekitarmu sebagai manusia terverifikasi.',
  'auth.signingIn': 'Sedang masuk',
  'auth.connecting': 'Menghubungkan ke World App',
  'auth.retry': 'Coba lagi',
  'auth.login': 'Masuk',
  'auth.failure.cancelled': 'Kamu membatalkan proses masuk.',
  'auth.failure.wallet_refused': 'World App tidak bisa menyelesaikan proses masuk. Coba lagi.',
  'auth.failure.no_wallet_response': 'World App tidak menjawab permintaan masuk. Coba lagi.',
  'auth.failure.unreachable': 'Kami tidak bisa terhubung ke WorldMap. Periksa koneksimu lalu coba lagi.',
  'auth.failure.not_confirmed': 'WorldMap tidak bisa mengonfirmasi proses masukmu. Coba lagi.',
  'auth.failure.too_many_sign_ins': 'Terlalu banyak proses masuk baru dari jaringanmu saat ini. Coba lagi sebentar lagi.',
  'auth.failure.clock_wrong':
    'Tanggal dan waktu di ponselmu salah, jadi kamu tidak bisa masuk. Di pengaturan ponsel, atur Tanggal & waktu ke otomatis, lalu coba lagi.',
  'auth.failure.unexpected': 'Terjadi kesalahan saat masuk. Coba lagi.',
}
