import type { Translation } from '@worldmap/game'
import type { authEn } from '../en/auth.js'

export const authEs: Translation<typeof authEn> = {
  'auth.tagline': 'Recoge objetos a tu alrededor, como humano verificado.',
  'auth.signingIn': 'Iniciando sesión',
  'auth.connecting': 'Conectando con World App',
  'auth.retry': 'Reintentar',
  'auth.login': 'Iniciar sesión',
  'auth.failure.cancelled': 'Cancelaste el inicio de sesión.',
  'auth.failure.wallet_refused': 'World App no pudo completar el inicio de sesión. Inténtalo de nuevo.',
  'auth.failure.no_wallet_response': 'World App no respondió a la solicitud de inicio de sesión. Inténtalo de nuevo.',
  'auth.failure.unreachable': 'No pudimos conectar con WorldMap. Revisa tu conexión e inténtalo de nuevo.',
  'auth.failure.not_confirmed': 'WorldMap no pudo confirmar tu inicio de sesión. Inténtalo de nuevo.',
  'auth.failure.too_many_sign_ins':
    'Hay demasiados inicios de sesión nuevos desde tu red ahora mismo. Inténtalo de nuevo en un rato.',
  'auth.failure.clock_wrong':
    'La fecha y la hora de tu teléfono no son correctas, así que no puedes iniciar sesión. En los ajustes del teléfono, pon Fecha y hora en automático e inténtalo de nuevo.',
  'auth.failure.unexpected': 'Algo salió mal al iniciar sesión. Inténtalo de nuevo.',
}
