/**
 * The home-screen icon of a website's installed shop (its web app manifest): the website's initials on its theme
 * colour, drawn here and rasterised by sharp as PNG, full bleed with the letters inside the middle 60 % so that it
 * also serves as a maskable icon. No network and no font files beyond the system's DejaVu Sans.
 */
import { createRequire } from 'node:module'
import type Sharp from 'sharp'
import { lazyModule } from '../../platform/lazy-module'
import { esc, FONT, initials } from './svg-kit'

const sharp = lazyModule<typeof Sharp>(() => createRequire(import.meta.url)('sharp'))

export const APP_ICON_SIZES = [192, 512] as const
export type AppIconSize = (typeof APP_ICON_SIZES)[number]

export interface AppIconLook {
  name: string
  /** CSS colours, already checked against the theme's pattern (common/contracts/site-settings.ts) */
  background: string
  foreground: string
}

export function appIconSvg({ name, background, foreground }: AppIconLook, size: number): string {
  const mono = initials(name)
  const fontSize = mono.length > 1 ? 40 : 52
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
    <rect width="100" height="100" fill="${esc(background)}"/>
    <circle cx="50" cy="50" r="31" fill="${esc(foreground)}" opacity=".14"/>
    <text x="50" y="${50 + fontSize * 0.36}" font-family="${FONT}" font-size="${fontSize}" font-weight="700" fill="${esc(foreground)}" text-anchor="middle" letter-spacing="-1">${esc(mono)}</text>
  </svg>`
}

export async function appIcon(look: AppIconLook, size: AppIconSize): Promise<Buffer> {
  return sharp(Buffer.from(appIconSvg(look, size)))
    .png({ compressionLevel: 9 })
    .toBuffer()
}
