import {
  type ColumnHelper,
  type RowData,
  createColumnHelper,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/react-table'

export interface StaffColumnMeta {
  /** classes of the column's header and cells (width, alignment, hiding at narrow widths) */
  className?: string
}

/** Sorting, pagination and selection of staff tables, all three done by the server (manual) except selection. */
export const staffTableFeatures = tableFeatures({ rowSortingFeature, rowPaginationFeature, rowSelectionFeature, columnMeta: {} as StaffColumnMeta })
export type StaffTableFeatures = typeof staffTableFeatures

/** Column definitions of a staff table over rows of type Row. */
export const staffColumns = <Row extends RowData>(): ColumnHelper<StaffTableFeatures, Row> => createColumnHelper<StaffTableFeatures, Row>()
export type StaffColumns<Row extends RowData> = ReturnType<ColumnHelper<StaffTableFeatures, Row>['columns']>
