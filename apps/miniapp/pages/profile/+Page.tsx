import { lazyScreen } from '../../src/components/lazyScreen.js'

export default lazyScreen(() => import('../../src/features/profile/ProfilePage.js').then((m) => m.ProfilePage))
