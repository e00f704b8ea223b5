import type { Translation } from '@worldmap/game'
import type { permissionsEn } from '../en/permissions.js'

export const permissionsEs: Translation<typeof permissionsEn> = {
  'permissions.title': 'Notificaciones',
  'permissions.checking': 'Consultando con World App…',
  'permissions.unknown': 'No pudimos comprobar con World App si están activadas.',
  'permissions.streakName': 'Recordatorios de racha',
  'permissions.streakWhy':
    'Un aviso por la tarde cuando tu racha esté a punto de terminar. Como mucho uno al día, nunca de noche.',
  'permissions.on': 'Sí',
  'permissions.off': 'No',
  'permissions.turnOn': 'Activar',
  'permissions.turnOnLabel': 'Activar {name}',
  'permissions.switchLabel': 'Enviarme {name}',
  'permissions.saveFailed': 'No se pudo guardar tu elección. Revisa tu conexión y vuelve a intentarlo.',
  'permissions.refused.userRejected': 'Elegiste no permitir las notificaciones.',
  'permissions.refused.alreadyRequested':
    'Ya rechazaste las notificaciones. Puedes activarlas para WorldMap en los ajustes de World App.',
  'permissions.refused.disabled':
    'Las notificaciones están desactivadas en World App. Actívalas en los ajustes de World App y vuelve a intentarlo.',
  'permissions.refused.unsupported': 'World App todavía no ofrece notificaciones para WorldMap.',
  'permissions.refused.other': 'World App no pudo activar las notificaciones. Inténtalo más tarde.',
  'permissions.refused.oldApp': 'Esta versión de World App no puede activar notificaciones. Actualizar World App puede ayudar.',
  'permissions.refused.noAnswer': 'World App no respondió. Vuelve a intentarlo.',
}
