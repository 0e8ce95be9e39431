import { useEffect } from 'react'
import { useInit } from '../features/site-settings/api'

/** The browser tab's title on a staff page: 'Products · Administration · Kirana Fresh'. */
export function useStaffTitle(title: string) {
  const site = useInit().web.name
  useEffect(() => {
    document.title = [title, 'Administration', site].filter(Boolean).join(' · ')
  }, [title, site])
}
