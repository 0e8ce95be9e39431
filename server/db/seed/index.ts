import { inArray } from 'drizzle-orm'
import type { Db } from '../client'
import { customerProfiles, users, websiteMembers } from '../schema/accounts'
import { pincodes } from '../schema/delivery'
import { taxSettings } from '../schema/invoices'
import { posRegisters } from '../schema/pos'
import { websiteOrigins, websites } from '../schema/sites'
import { countWebsites } from '../../features/site-settings/queries'
import { shop2Categories } from './data/catalogue'
import { seedSites } from './data/sites'
import { seedCartRules } from './cart'
import { seedCatalogue } from './catalogue'
import { seedImages } from './images'
import { seedPages } from './pages'

/** Demo accounts (README): each website gives them its own roles. */
export const DEMO_ACCOUNTS = [
  { phone: '9876500001', name: 'Asha Superadmin', email: 'asha@demo.in', superadmin: true, hasAdminAccess: true, isSalesAgent: false },
  { phone: '9876500002', name: 'Ravi Agent', email: 'ravi@demo.in', superadmin: false, hasAdminAccess: false, isSalesAgent: true },
  { phone: '9876500003', name: 'Meera Shopper', email: 'meera@demo.in', superadmin: false, hasAdminAccess: false, isSalesAgent: false },
]

export async function seedIfEmpty(db: Db, port: number, log: (msg: string) => void = () => {}) {
  if ((await countWebsites(db)) > 0) return false
  const started = Date.now()
  await seedImages(db)
  log(`demo images drawn in ${Date.now() - started} ms`)
  await db.transaction(async (tx) => {
    const accounts = await tx
      .insert(users)
      .values(DEMO_ACCOUNTS.map(({ phone, name, email }) => ({ phone, name, email, phoneVerifiedAt: new Date(), emailVerifiedAt: new Date() })))
      .returning({ id: users.id })
    for (const site of seedSites) {
      const [row] = await tx
        .insert(websites)
        .values({
          name: site.name,
          description: site.description,
          theme: site.theme,
          fontFamily: site.fontFamily,
          logo: `demo/logos/${site.key}.webp`,
          favicon: `demo/logos/${site.key}.webp`,
          settings: site.settings,
          // the demo stores take online payments through the process's (simulator's) keys
          platformPayments: true,
        })
        .returning({ id: websites.id })
      const origins = site.key === 'main' ? [`http://localhost:${port}`, `http://127.0.0.1:${port}`] : [`http://${site.host}:${port}`]
      await tx.insert(websiteOrigins).values(origins.map((origin) => ({ origin, websiteId: row.id })))
      const names = site.key === 'main' ? ['Indiranagar Dark Store', 'Whitefield Dark Store'] : ['Church Street Store']
      const { warehouseIds } = await seedCatalogue(tx, row.id, site.key === 'main' ? null : shop2Categories, names)
      await seedCartRules(tx, row.id, warehouseIds)
      // CONTRACT: the demo POS register sells from the first warehouse of each website
      await tx.insert(posRegisters).values({ websiteId: row.id, warehouseId: warehouseIds[0], name: 'Counter 1' })
      await tx.insert(pincodes).values(
        Array.from({ length: 100 }, (_, i) => ({
          websiteId: row.id,
          pincode: String(560001 + i),
          warehouseId: warehouseIds[i < 50 ? 0 : warehouseIds.length - 1],
          deliveryDays: i % 3,
        })),
      )
      await tx.insert(websiteMembers).values(
        DEMO_ACCOUNTS.map((a, i) => ({
          websiteId: row.id,
          userId: accounts[i].id,
          superadmin: a.superadmin,
          hasAdminAccess: a.hasAdminAccess,
          isSalesAgent: a.isSalesAgent,
        })),
      )
      // the demo people use every demo website with their own accounts (docs/decisions/0034)
      await tx
        .insert(customerProfiles)
        .values(DEMO_ACCOUNTS.map((a, i) => ({ websiteId: row.id, userId: accounts[i].id, name: a.name, phone: a.phone, email: a.email })))
      await seedPages(tx, row.id, site.key, site.name)
      // a GST registration in Karnataka (made-up GSTINs with a right check character), so demo orders get invoices
      await tx.insert(taxSettings).values({
        websiteId: row.id,
        legalName: site.key === 'main' ? 'Kirana Fresh Retail Private Limited' : 'Chai and Chakna Stores LLP',
        tradeName: site.name,
        gstin: site.key === 'main' ? '29AAKCK4821M1Z0' : '29AAJCC7315Q1ZY',
        state: 'Karnataka',
        address:
          site.key === 'main' ? '42, 100 Feet Road, HAL 2nd Stage, Indiranagar, Bengaluru, Karnataka 560038' : '7, Church Street, Bengaluru, Karnataka 560001',
        invoicePrefix: site.key === 'main' ? 'KF' : 'CC',
        creditNotePrefix: site.key === 'main' ? 'KFCN' : 'CCCN',
      })
    }
  })
  log(`demo stores seeded in ${Date.now() - started} ms`)
  return true
}

/** The demo accounts this database has (none once it was made with setup, or they were removed): the start banner's list. */
export async function demoAccountsIn(db: Db) {
  const phones = DEMO_ACCOUNTS.map((a) => a.phone)
  const found = await db.select({ phone: users.phone }).from(users).where(inArray(users.phone, phones))
  return DEMO_ACCOUNTS.filter((a) => found.some((u) => u.phone === a.phone))
}

/** The demo websites' addresses on a port (localhost is the first website in development) */
export const demoAddresses = (port: number) => seedSites.map((site) => `http://${site.host}:${port}`)
