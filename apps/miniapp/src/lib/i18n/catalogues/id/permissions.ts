import type { Translation } from '@worldmap/game'
import type { permissionsEn } from '../en/permissions.js'

export const permissionsId: Translation<typeof permissionsEn> = {
  'permissions.title': 'Notifikasi',
  'permissions.checking': 'Memeriksa dengan World App…',
  'permissions.unknown': 'Kami tidak bisa memeriksa ke World App apakah notifikasi aktif.',
  'permissions.streakName': 'Pengingat runtunan',
  'permissions.streakWhy':
    'Satu pengingat di sore hari saat runtunanmu hampir putus. Paling banyak sekali sehari, tidak pernah di malam hari.',
  'permissions.on': 'Aktif',
  'permissions.off': 'Mati',
  'permissions.turnOn': 'Aktifkan',
  'permissions.turnOnLabel': 'Aktifkan {name}',
  'permissions.switchLabel': 'Kirimi saya {name}',
  'permissions.saveFailed': 'Pilihanmu tidak bisa disimpan. Periksa koneksimu lalu coba lagi.',
  'permissions.refused.userRejected': 'Kamu memilih untuk tidak mengizinkan notifikasi.',
  'permissions.refused.alreadyRequested':
    'Kamu pernah menolak notifikasi. Kamu bisa mengaktifkannya untuk WorldMap di pengaturan World App.',
  'permissions.refused.disabled': 'Notifikasi mati di World App. Aktifkan di pengaturan World App, lalu coba lagi.',
  'permissions.refused.unsupported': 'World App belum menyediakan notifikasi untuk WorldMap.',
  'permissions.refused.other': 'World App tidak bisa mengaktifkan notifikasi. Coba lagi nanti.',
  'permissions.refused.oldApp': 'Versi World App ini tidak bisa mengaktifkan notifikasi. Memperbarui World App mungkin membantu.',
  'permissions.refused.noAnswer': 'World App tidak menjawab. Coba lagi.',
}
