import { describe, expect, it, vi } from 'vitest'
import { type PublicCardStore, publishPublicCard } from './publishPublicCard.js'

const uid = '0x1234567890abcdef1234567890ABCDEF12345678'

function storeWith(publicId: unknown): PublicCardStore & { update: ReturnType<typeof vi.fn> } {
  return { read: vi.fn(async () => publicId), update: vi.fn(async () => {}) }
}

describe('publishPublicCard', () => {
  it('writes the username and avatar on the verified player’s public card', async () => {
    const store = storeWith('pub_abc')
    await expect(
      publishPublicCard(uid, { username: 'ana', profilePictureUrl: 'https://cdn.example/ana.png' }, store),
    ).resolves.toBe(true)
    expect(store.read).toHaveBeenCalledWith(`profiles/${uid}/publicId`)
    expect(store.update).toHaveBeenCalledWith('publicProfiles/pub_abc', {
      username: 'ana',
      profilePictureUrl: 'https://cdn.example/ana.png',
    })
  })

  it('writes nothing before the player has verified (no public id yet)', async () => {
    const store = storeWith(null)
    await expect(publishPublicCard(uid, { username: 'ana', profilePictureUrl: null }, store)).resolves.toBe(false)
    expect(store.update).not.toHaveBeenCalled()
  })

  it('leaves out what the rules would refuse: a non-https picture, an over-long or empty name', async () => {
    const store = storeWith('pub_abc')
    await publishPublicCard(uid, { username: 'a'.repeat(65), profilePictureUrl: 'http://cdn.example/x.png' }, store)
    expect(store.update).not.toHaveBeenCalled()
    await publishPublicCard(uid, { username: 'ana', profilePictureUrl: 'javascript:alert(1)' }, store)
    expect(store.update).toHaveBeenCalledWith('publicProfiles/pub_abc', { username: 'ana' })
  })

  it('passes a refused write on to the caller', async () => {
    const store = storeWith('pub_abc')
    store.update.mockRejectedValueOnce(new Error('PERMISSION_DENIED'))
    await expect(publishPublicCard(uid, { username: 'ana', profilePictureUrl: null }, store)).rejects.toThrow('PERMISSION_DENIED')
  })
})
