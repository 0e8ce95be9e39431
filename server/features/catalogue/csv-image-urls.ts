/**
 * The `Image URLs` column's addresses and what became of each (csv-images.ts fetches them on the main thread; the
 * row reader, in a worker thread, only reads this: nothing here may import the database or the network).
 */

export type ImageOutcome = { path: string } | { problem: string }
/** by address */
export type FetchedImages = Record<string, ImageOutcome>

/** The addresses of one `Image URLs` cell: separated by spaces, line breaks or `|`. */
export const imageUrlsOf = (cell: string) => [...new Set(cell.split(/[\s|]+/).filter(Boolean))]
