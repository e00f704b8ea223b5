import type { Translation } from '@worldmap/game'
import type { profileEn } from '../en/profile.js'

export const profileEs: Translation<typeof profileEn> = {
  'profile.avatarAlt': 'Avatar de {name}',
  'profile.fallbackName': 'Explorador',
  'profile.copyWallet': 'Copiar dirección de la billetera',
  'profile.copied': 'Dirección de la billetera copiada',
  'profile.copyFailed': 'No se pudo copiar. Vuelve a intentarlo',
  'profile.inventory': 'Inventario',
  'profile.signOut': 'Cerrar sesión',
}
