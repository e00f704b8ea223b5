import type { Translation } from '@worldmap/game'
import type { permissionsEn } from '../en/permissions.js'

export const permissionsPtBR: Translation<typeof permissionsEn> = {
  'permissions.title': 'Notificações',
  'permissions.checking': 'Consultando o World App…',
  'permissions.unknown': 'Não conseguimos verificar com o World App se elas estão ativadas.',
  'permissions.streakName': 'Lembretes de sequência',
  'permissions.streakWhy':
    'Um aviso à noitinha quando sua sequência estiver para acabar. No máximo um por dia, nunca de madrugada.',
  'permissions.on': 'Ativado',
  'permissions.off': 'Desativado',
  'permissions.turnOn': 'Ativar',
  'permissions.turnOnLabel': 'Ativar {name}',
  'permissions.switchLabel': 'Receber {name}',
  'permissions.saveFailed': 'Não foi possível salvar sua escolha. Verifique sua conexão e tente de novo.',
  'permissions.refused.userRejected': 'Você escolheu não permitir notificações.',
  'permissions.refused.alreadyRequested':
    'Você já recusou as notificações. Dá para ativá-las para o WorldMap nas configurações do World App.',
  'permissions.refused.disabled':
    'As notificações estão desativadas no World App. Ative-as nas configurações do World App e tente de novo.',
  'permissions.refused.unsupported': 'O World App ainda não oferece notificações para o WorldMap.',
  'permissions.refused.other': 'O World App não conseguiu ativar as notificações. Tente mais tarde.',
  'permissions.refused.oldApp': 'Esta versão do World App não consegue ativar notificações. Atualizar o World App pode ajudar.',
  'permissions.refused.noAnswer': 'O World App não respondeu. Tente de novo.',
}
