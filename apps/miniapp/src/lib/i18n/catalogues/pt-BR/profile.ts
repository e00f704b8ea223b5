import type { Translation } from '@worldmap/game'
import type { profileEn } from '../en/profile.js'

export const profilePtBR: Translation<typeof profileEn> = {
  'profile.avatarAlt': 'Avatar de {name}',
  'profile.fallbackName': 'Explorador',
  'profile.copyWallet': 'Copiar endereço da carteira',
  'profile.copied': 'Endereço da carteira copiado',
  'profile.copyFailed': 'Não foi possível copiar. Tente de novo',
  'profile.inventory': 'Inventário',
  'profile.signOut': 'Sair',
}
