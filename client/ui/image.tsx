import { type ComponentProps, useState } from 'react'
import { imageUrl, type ImageSize, PLACEHOLDER_IMAGE } from '../lib/image'

export interface ImageProps extends Omit<ComponentProps<'img'>, 'src'> {
  src: string | null | undefined
  size?: ImageSize
}

/** A CDN image that falls back to the placeholder when missing or broken (spec §7). */
export function Image({ src, size = 'small', alt = '', loading = 'lazy', ...props }: ImageProps) {
  const [broken, setBroken] = useState(false)
  return <img {...props} alt={alt} loading={loading} decoding="async" src={broken ? PLACEHOLDER_IMAGE : imageUrl(src, size)} onError={() => setBroken(true)} />
}
