import { createContext, type ReactNode, useContext, useEffect, useState } from 'react'
import { useInit } from '../lib/init'

const Refine = createContext<(title: string | null) => void>(() => {})

/** The browser tab's title on a staff page, from the screen's entry in the table: 'Products · Administration · Kirana Fresh'. */
export function StaffTitle({ title, children }: { title: string; children: ReactNode }) {
  const [own, setOwn] = useState<string | null>(null)
  const site = useInit().web.name
  const shown = own ?? title
  useEffect(() => {
    document.title = [shown, 'Administration', site].filter(Boolean).join(' · ')
  }, [shown, site])
  return <Refine.Provider value={setOwn}>{children}</Refine.Provider>
}

/** A screen whose title says more than its entry in the table (the page editor names the page it edits). */
export function useStaffTitle(title: string) {
  const refine = useContext(Refine)
  useEffect(() => {
    refine(title)
    return () => refine(null)
  }, [refine, title])
}
