import { formatDate } from '../../../common/dates'
import { FigureTable } from '../../staff/ui/figure-table'
import { type ReportParams, useReport } from './api'
import { ReportCard } from './report-card'
import { BarsChart } from '../../staff/ui/charts'
import { percent, periodLabel } from './report-format'

/** Delivery places booked against capacity, per day and per window of the day. */
export function SlotsReport({ params }: { params: ReportParams }) {
  const q = useReport('slots', params)
  const d = q.data
  const booked = d?.days.reduce((n, x) => n + x.booked, 0) ?? 0
  const capacity = d?.days.reduce((n, x) => n + x.capacity, 0) ?? 0
  return (
    <ReportCard
      name="slots"
      title="Slot utilisation"
      params={params}
      query={q}
      empty={d !== undefined && d.days.length === 0}
      summary={
        d
          ? `${booked} of ${capacity} delivery places booked (${percent(booked, capacity)}), by each slot’s own date. Choose later days to see the slots ahead.`
          : undefined
      }
    >
      {d && (
        <>
          <BarsChart
            layout="vertical"
            data={d.days}
            name="date"
            nameFormat={(day) => periodLabel('day', day)}
            series={[
              { key: 'booked', label: 'Booked' },
              { key: 'capacity', label: 'Capacity' },
            ]}
          />
          <FigureTable
            caption="Booked against capacity per window of the day"
            head={['Window', 'Booked', 'Capacity', 'Used']}
            rows={d.windows.map((w) => [`${w.start}–${w.end}`, w.booked, w.capacity, percent(w.booked, w.capacity)])}
            foot={['All windows', booked, capacity, percent(booked, capacity)]}
          />
          <FigureTable
            caption="Booked against capacity per day"
            head={['Day', 'Booked', 'Capacity', 'Used']}
            rows={[...d.days].reverse().map((x) => [formatDate(x.date), x.booked, x.capacity, percent(x.booked, x.capacity)])}
          />
        </>
      )}
    </ReportCard>
  )
}
