/**
 * @jest-environment node
 */

import { peerServiceRoleKey, peerStorageUrl } from '../adapter/stack' // adapted
import { StorageClient } from '@supabase/storage-js'
import * as fs from 'fs'
import * as path from 'path'

// Supabase CLI local development defaults
const URL = peerStorageUrl() // adapted: the throwaway stack's Storage URL
// secret key - bypasses RLS for testing
const KEY = peerServiceRoleKey() // adapted: the throwaway stack's service role key

const storage = new StorageClient(URL, { Authorization: `Bearer ${KEY}` })

const newBucket = async (isPublic = true, prefix = '') => {
  const bucketName = `${prefix ? prefix + '-' : ''}bucket-${Date.now()}`
  await storage.createBucket(bucketName, { public: isPublic })
  return bucketName
}

const uploadFilePath = (fileName: string) => path.resolve(__dirname, 'fixtures', 'upload', fileName)

describe('Object API', () => {
  let bucketName: string
  beforeEach(async () => {
    bucketName = await newBucket()
  })

  describe('Stream handling in node', () => {
    test('uploading stream with duplex option', async () => {
      const file = await fs.createReadStream(uploadFilePath('file.txt'))
      const uploadPathWithDuplex = `testpath/file-duplex-${Date.now()}.txt`

      const res = await storage.from(bucketName).upload(uploadPathWithDuplex, file, {
        duplex: 'half',
      })
      expect(res.error).toBeNull()
      expect(res.data?.path).toEqual(uploadPathWithDuplex)
    })

    test('uploadToSignedUrl auto-detects stream and sets duplex', async () => {
      const uploadPath = `testpath/signed-stream-${Date.now()}.txt`

      const signed = await storage.from(bucketName).createSignedUploadUrl(uploadPath)
      expect(signed.error).toBeNull()
      const token = signed.data!.token

      const file = await fs.createReadStream(uploadFilePath('file.txt'))
      const res = await storage.from(bucketName).uploadToSignedUrl(uploadPath, token, file)
      expect(res.error).toBeNull()
      expect(res.data?.path).toEqual(uploadPath)
    })
  })
})
