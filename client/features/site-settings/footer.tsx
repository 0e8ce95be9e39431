import type { InitData, NavItemNode } from '../../../common/contracts/site-settings'
import { Image } from '../../ui/image'
import { NavLink } from './sub-navbar'

/** Spec §2: brand logo or footer name, description, link columns, and the © line. */
export function Footer({ init }: { init: InitData }) {
  const year = new Date().getFullYear()
  const name = init.navSetting.footer_name || init.web.name
  return (
    <footer className="mt-12 border-t border-border bg-surface">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          {init.web.logo ? (
            <div className="flex items-center gap-2">
              <Image src={init.web.logo} size="thumb" alt="" width={40} height={40} className="size-10 rounded-md" />
              <p className="text-lg font-bold">{name}</p>
            </div>
          ) : (
            <p className="text-lg font-bold">{name}</p>
          )}
          <p className="mt-3 text-sm text-muted">{init.web.description}</p>
          <address className="mt-3 text-sm text-muted not-italic">
            {init.webAddress.address}
            <br />
            {init.webAddress.phone}
          </address>
        </div>
        {init.footers.map((column) => (
          <FooterColumn key={`${column.group}-${column.name}`} column={column} />
        ))}
      </div>
      <p className="border-t border-border px-4 py-4 text-center text-sm text-muted">
        © {year} {init.web.name}. All Rights Reserved.
      </p>
    </footer>
  )
}

function FooterColumn({ column }: { column: NavItemNode }) {
  return (
    <nav aria-label={column.name}>
      <h2 className="text-sm font-semibold">{column.name}</h2>
      <ul className="mt-3 space-y-2">
        {column.children.map((link) => (
          <li key={`${link.name}-${link.link}`}>
            <NavLink item={link} className="inline-flex min-h-6 items-center gap-2 text-sm text-muted hover:text-primary" />
          </li>
        ))}
      </ul>
    </nav>
  )
}
