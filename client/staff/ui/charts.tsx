import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'

/**
 * The reports' charts (recharts 3, docs/decisions/0023-reports.md): only the Reports page imports this module, so the
 * library loads with that page and never with the shopper's pages or the rest of the staff app. The charts are
 * pictures of the table shown under each of them (the table is what screen readers and keyboards use), so they are
 * hidden from assistive technology and take no focus.
 */

const PRIMARY = 'var(--color-primary)'
const MUTED = 'var(--color-muted)'
const GRID = 'var(--color-border)'
const tick = { fill: MUTED, fontSize: 12 }

export interface Series {
  key: string
  label: string
  /** the second series is drawn in grey (dashed for a line, against its own axis on the right) */
  format?: (n: number) => string
}

function Frame({ height, children }: { height: number; children: React.ReactElement }) {
  return (
    <div aria-hidden="true" className="w-full" style={{ height }} data-chart>
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </div>
  )
}

/** A line over time (periods on the x axis): one or two series, the second on its own axis. */
export function TrendChart({
  data,
  x,
  series,
  xFormat,
  height = 280,
}: {
  data: object[]
  x: string
  series: Series[]
  xFormat?: (v: string) => string
  height?: number
}) {
  return (
    <Frame height={height}>
      <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey={x} tick={tick} tickFormatter={xFormat} minTickGap={16} />
        {series.map((s, i) => (
          <YAxis key={s.key} yAxisId={i} orientation={i ? 'right' : 'left'} tick={tick} tickFormatter={s.format} width={i ? 40 : 72} allowDecimals={false} />
        ))}
        <Tooltip
          formatter={(value, name) => {
            const s = series.find((x) => x.label === name)
            return s?.format ? s.format(Number(value)) : String(value)
          }}
          labelFormatter={(label) => (xFormat ? xFormat(String(label)) : String(label))}
        />
        {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
        {series.map((s, i) => (
          <Line
            key={s.key}
            yAxisId={i}
            type="monotone"
            dataKey={s.key}
            name={s.label}
            stroke={i ? MUTED : PRIMARY}
            strokeDasharray={i ? '4 3' : undefined}
            strokeWidth={2}
            dot={data.length <= 31}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </Frame>
  )
}

/** Bars per named row, horizontal (names down the left, long names fit) or vertical (dates along the bottom). */
export function BarsChart({
  data,
  name,
  series,
  layout = 'horizontal',
  height,
  nameFormat,
}: {
  data: object[]
  name: string
  series: Series[]
  layout?: 'horizontal' | 'vertical'
  height?: number
  nameFormat?: (v: string) => string
}) {
  const sideways = layout === 'horizontal'
  const h = height ?? (sideways ? Math.max(120, data.length * (series.length > 1 ? 44 : 32) + 40) : 280)
  const valueAxis = { type: 'number' as const, tick, tickFormatter: series[0]?.format, allowDecimals: false }
  const nameAxis = { type: 'category' as const, dataKey: name, tick, tickFormatter: nameFormat }
  return (
    <Frame height={h}>
      <BarChart data={data} layout={sideways ? 'vertical' : 'horizontal'} margin={{ top: 8, right: 16, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke={GRID} horizontal={!sideways} vertical={sideways} />
        {sideways ? (
          <>
            <XAxis {...valueAxis} />
            <YAxis {...nameAxis} width={132} interval={0} />
          </>
        ) : (
          <>
            <XAxis {...nameAxis} minTickGap={16} />
            <YAxis {...valueAxis} width={56} />
          </>
        )}
        <Tooltip
          formatter={(value, label) => {
            const s = series.find((x) => x.label === label)
            return s?.format ? s.format(Number(value)) : String(value)
          }}
          labelFormatter={(label) => (nameFormat ? nameFormat(String(label)) : String(label))}
        />
        {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
        {series.map((s, i) => (
          <Bar key={s.key} dataKey={s.key} name={s.label} fill={i ? GRID : PRIMARY} radius={2} maxBarSize={28} isAnimationActive={false} />
        ))}
      </BarChart>
    </Frame>
  )
}
