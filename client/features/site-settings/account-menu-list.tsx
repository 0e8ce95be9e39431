import type { RefObject } from 'react'
import { Link } from '../../lib/router'
import type { User } from '../../../common/contracts/accounts'
import { staffDoors } from '../../../common/rules/staff-roles'
import { Popper } from '../../ui/popper'
import { ExternalIcon } from '../../ui/shop-icons'

interface MenuItem {
  label: string
  to: string
  newTab?: boolean
}

/** Spec §2 and §6: exactly the items each role gets; a staff door only for those whose role can use what is behind it (issue 29). */
export function accountMenuItems(user: User): MenuItem[] {
  const items: MenuItem[] = [
    { label: 'Account', to: '/account' },
    { label: 'Orders', to: '/account/orders' },
    { label: 'Addresses', to: '/account/addresses' },
  ]
  const doors = staffDoors(user.permissions)
  if (doors.administration) items.push({ label: 'Administration', to: '/bos/admin', newTab: true })
  if (doors.websiteSettings) items.push({ label: 'Website Settings', to: '/page-builder', newTab: true })
  if (doors.pos) items.push({ label: 'POS', to: '/pos', newTab: true })
  if (user.superadmin) items.push({ label: 'Switch Website', to: '/auth/bos/choose' })
  items.push({ label: 'Logout', to: '/auth/logout' })
  return items
}

export function AccountMenuList({ user, anchor, onClose }: { user: User; anchor: RefObject<HTMLButtonElement | null>; onClose: () => void }) {
  return (
    <Popper anchorRef={anchor} open onClose={onClose} placement="bottom-end" className="min-w-52 rounded-lg border border-border bg-surface py-1 shadow-lg">
      <p className="border-b border-border px-4 py-2 text-sm font-semibold">{user.name}</p>
      <ul role="menu" aria-label="Account">
        {accountMenuItems(user).map((item) => (
          <li key={item.to} role="none">
            <Link
              role="menuitem"
              to={item.to}
              target={item.newTab ? '_blank' : undefined}
              rel={item.newTab ? 'noopener' : undefined}
              reloadDocument={item.newTab}
              onClick={onClose}
              className="flex items-center justify-between px-4 py-2 text-sm hover:bg-background"
            >
              {item.label}
              {item.newTab && <ExternalIcon className="text-muted" />}
            </Link>
          </li>
        ))}
      </ul>
    </Popper>
  )
}
