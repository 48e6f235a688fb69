import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Box, Table, VisuallyHidden } from '@mantine/core';
import type { SeriesBucket } from '../../data/rollups/aggregate';
import { formatCompactNumber } from '../../../shared/format';
import { bucketLabel } from './chart-scale';

export interface ChartSeries {
  key: string;
  label: string;
  /** A theme colour ("teal.6") or CSS colour. */
  color: string;
}

interface StackedBarChartProps {
  title: string;
  buckets: readonly SeriesBucket[];
  series: readonly ChartSeries[];
  bucketMs: number;
  /** The zone the bucket labels are in (the organization's). */
  timeZone: string;
  height?: number;
}

/**
 * A stacked bar chart (@mantine/charts on recharts): fixed-size axis text whatever the chart's
 * width, a tooltip per bar and a legend. Screen readers get the same numbers as a table.
 */
export function StackedBarChart({ title, buckets, series, bucketMs, timeZone, height = 240 }: StackedBarChartProps) {
  const data = buckets.map((bucket) => ({ period: bucketLabel(bucket.startMs, bucketMs, timeZone), ...bucket.values }));
  return (
    <Box data-testid="stacked-bar-chart" data-buckets={buckets.length}>
      {/* The drawing repeats the table below for sighted users; hiding it avoids reading every bar twice. */}
      <Box aria-hidden>
        <BarChart
          h={height}
          data={data}
          dataKey="period"
          type="stacked"
          series={series.map((s) => ({ name: s.key, label: s.label, color: s.color }))}
          withLegend
          legendProps={{ verticalAlign: 'bottom', height: 40 }}
          valueFormatter={(value) => formatCompactNumber(value)}
          tickLine="y"
          gridAxis="y"
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
          yAxisProps={{ allowDecimals: false, width: 48 }}
          tooltipAnimationDuration={150}
          // recharts' keyboard layer makes the drawing a tab stop; it is hidden from assistive tech (the table
          // below carries the numbers), and a hidden element must not take focus.
          barChartProps={{ accessibilityLayer: false }}
        />
      </Box>
      <VisuallyHidden>
        <Table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th>Period</th>
              {series.map((s) => (
                <th key={s.key}>{s.label}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {buckets.map((b, i) => (
              <tr key={b.startMs}>
                <td>{data[i]?.period}</td>
                {series.map((s) => (
                  <td key={s.key}>{b.values[s.key] ?? 0}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      </VisuallyHidden>
    </Box>
  );
}
