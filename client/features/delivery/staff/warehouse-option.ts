/** A warehouse as delivery's screens name it (the list is stock's; the route gives it). */
export type WarehouseOption = { id: number; name: string }
