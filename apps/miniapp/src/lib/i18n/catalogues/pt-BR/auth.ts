import type { Translation } from '@worldmap/game'
import type { authEn } from '../en/auth.js'

export const authPtBR: Translation<typeof authEn> = {
  'auth.tagline': 'Colete itens ao seu redor, como humano verificado.',
  'auth.signingIn': 'Entrando',
  'auth.connecting': 'Conectando ao World App',
  'auth.retry': 'Tentar de novo',
  'auth.login': 'Entrar',
  'auth.failure.cancelled': 'Você cancelou o login.',
  'auth.failure.wallet_refused': 'O World App não conseguiu concluir o login. Tente de novo.',
  'auth.failure.no_wallet_response': 'O World App não respondeu ao pedido de login. Tente de novo.',
  'auth.failure.unreachable': 'Não foi possível acessar o WorldMap. Verifique sua conexão e tente de novo.',
  'auth.failure.not_confirmed': 'O WorldMap não conseguiu confirmar seu login. Tente de novo.',
  'auth.failure.too_many_sign_ins': 'Muitos logins novos na sua rede agora. Tente de novo daqui a pouco.',
  'auth.failure.clock_wrong':
    'A data e a hora do seu celular estão erradas, então não dá para entrar. Nos ajustes do celular, deixe Data e hora no automático e tente de novo.',
  'auth.failure.unexpected': 'Algo deu errado no login. Tente de novo.',
}
