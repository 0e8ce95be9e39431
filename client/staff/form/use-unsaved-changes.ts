import { blockNavigation } from '../../lib/router'
import { confirm } from '../../ui/confirm-dialog'
import { useIsomorphicLayoutEffect } from '../../ui/use-isomorphic-layout-effect'

/**
 * While `dirty`, leaving asks first: links and navigations inside the app and the browser's Back and Forward
 * (the router waits for the answer), closing or reloading the tab (the browser's own prompt). Saving or
 * discarding makes the form clean, which lifts the guard; a navigation right after a save passes `force`.
 * A layout effect: the guard is lifted in the same commit that paints 'Saved', so a link clicked the moment
 * the toast shows does not ask about changes that are already saved.
 */
export function useUnsavedChanges(dirty: boolean, what = 'your changes') {
  useIsomorphicLayoutEffect(() => {
    if (!dirty) return
    const unblock = blockNavigation(() =>
      confirm({
        title: 'Leave without saving?',
        message: `If you leave this page now, ${what} will be lost.`,
        confirmText: 'Leave without saving',
        cancelText: 'Stay',
        danger: true,
      }),
    )
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault()
      e.returnValue = ''
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => {
      unblock()
      window.removeEventListener('beforeunload', onBeforeUnload)
    }
  }, [dirty, what])
}
