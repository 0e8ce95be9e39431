import { Link } from '../../lib/router'
import type { InitData } from '../../../common/contracts/site-settings'
import { Image } from '../../ui/image'

interface LogoSettings {
  image_height?: number
  image_width?: number
}

function parseLogoSettings(raw: string): LogoSettings {
  try {
    const v = JSON.parse(raw) as LogoSettings
    return typeof v === 'object' && v ? v : {}
  } catch {
    return {}
  }
}

/** Logo image linking home, or the website name when there is no logo (default 56x56). */
export function Logo({ init }: { init: InitData }) {
  const { image_height = 56, image_width = 56 } = parseLogoSettings(init.navSetting.logo_settings)
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2 font-bold text-text" aria-label={`${init.web.name}, home`}>
      {init.web.logo ? (
        <>
          <Image
            src={init.web.logo}
            size="thumb"
            alt=""
            width={image_width}
            height={image_height}
            loading="eager"
            style={{ width: Math.min(image_width, 48), height: Math.min(image_height, 48) }}
            className="rounded-md object-contain"
          />
          <span className="hidden text-lg leading-tight sm:inline">{init.web.name}</span>
        </>
      ) : (
        <span className="text-lg">{init.web.name}</span>
      )}
    </Link>
  )
}
