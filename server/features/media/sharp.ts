import { createRequire } from 'node:module'
import type Sharp from 'sharp'
import { lazyModule } from '../../platform/lazy-module'
import { createWorkGate, type WorkGateLimits } from '../../platform/work-gate'

/**
 * sharp, loaded when first used (platform/lazy-module.ts), with the process's settings for it
 * (docs/decisions/0056-cache-budgets-and-worker-threads.md): libvips's operation cache off (the app keeps its own variants, by
 * bytes) and one libvips thread per image, so an image's memory and threads stay one picture's worth.
 */
export const sharp = lazyModule<typeof Sharp>(() => {
  const loaded = createRequire(import.meta.url)('sharp') as typeof Sharp
  loaded.cache(false)
  loaded.concurrency(1)
  return loaded
})

/**
 * How many pictures this process decodes at once (uploads, the import's fetched images: each checked pixel by
 * pixel, up to 50 megapixels), and how many resized variants it makes at once (shoppers' `?size=`). Each has its
 * own gate, so staff uploads waiting never hold a shopper's thumbnail; a full gate answers 503 with Retry-After.
 * The app sets the uploads' limits from IMAGE_DECODES and IMAGE_QUEUE when it starts (configureImageWork).
 */
export const imageWork = {
  decodes: createWorkGate({ atOnce: 1, queue: 8, waitMs: 60_000 }, 'The shop is busy with other pictures right now: please upload again in a moment'),
  variants: createWorkGate({ atOnce: 2, queue: 64, waitMs: 15_000 }, 'The shop is busy with pictures right now: please try again in a moment'),
}

export function configureImageWork(decodes: Partial<WorkGateLimits>) {
  Object.assign(imageWork.decodes.limits, decodes)
}
