/** Every staff query key starts with 'admin'; a staff write refreshes them all (and the storefront's answers it changed). */
export const ADMIN_KEY = ['admin'] as const
