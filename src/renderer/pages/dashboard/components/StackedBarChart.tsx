import { useId } from 'react';
import { Box, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { SeriesBucket } from '../../../data/rollups/aggregate';
import { formatCompactNumber } from '../../../../shared/format';
import { axisTicks, bucketLabel, niceMax } from '../chart-scale';

export interface ChartSeries {
  key: string;
  label: string;
  /** A CSS color, e.g. var(--mantine-color-teal-6). */
  color: string;
}

interface StackedBarChartProps {
  title: string;
  buckets: readonly SeriesBucket[];
  series: readonly ChartSeries[];
  bucketMs: number;
  height?: number;
}

const WIDTH = 720;
const PAD = { top: 8, right: 8, bottom: 24, left: 44 };

/**
 * A stacked bar chart in plain SVG. Screen readers get the title, a summary and the same numbers
 * as a table; sighted users get a legend and a tooltip per bar (SVG <title>).
 */
export function StackedBarChart({ title, buckets, series, bucketMs, height = 220 }: StackedBarChartProps) {
  const id = useId();
  const totals = buckets.map((b) => series.reduce((sum, s) => sum + (b.values[s.key] ?? 0), 0));
  const max = niceMax(Math.max(0, ...totals));
  const ticks = axisTicks(max);
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = height - PAD.top - PAD.bottom;
  const slot = buckets.length > 0 ? plotW / buckets.length : plotW;
  const barW = Math.max(2, slot * 0.7);
  const labelEvery = Math.max(1, Math.ceil(buckets.length / 8));
  const grand = totals.reduce((a, b) => a + b, 0);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;

  return (
    <Box data-testid="stacked-bar-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        width="100%"
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        style={{ display: 'block', maxHeight: height + 40 }}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>
          {`${formatCompactNumber(grand)} in total over ${buckets.length} periods; the highest period has ${formatCompactNumber(Math.max(0, ...totals))}.`}
        </desc>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} stroke="var(--mantine-color-gray-3)" strokeWidth={1} />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" fontSize={11} fill="var(--mantine-color-dimmed)">
              {formatCompactNumber(t)}
            </text>
          </g>
        ))}
        {buckets.map((bucket, i) => {
          const x = PAD.left + i * slot + (slot - barW) / 2;
          let top = PAD.top + plotH;
          return (
            <g key={bucket.startMs}>
              {series.map((s) => {
                const v = bucket.values[s.key] ?? 0;
                if (v <= 0) return null;
                const h = (v / max) * plotH;
                top -= h;
                return (
                  <rect key={s.key} x={x} y={top} width={barW} height={h} fill={s.color}>
                    <title>{`${bucketLabel(bucket.startMs, bucketMs)}: ${v} ${s.label.toLowerCase()}`}</title>
                  </rect>
                );
              })}
              {i % labelEvery === 0 && (
                <text x={x + barW / 2} y={height - 6} textAnchor="middle" fontSize={11} fill="var(--mantine-color-dimmed)">
                  {bucketLabel(bucket.startMs, bucketMs)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <Group gap="md" mt={4} aria-hidden>
        {series.map((s) => (
          <Group key={s.key} gap={6}>
            <Box w={10} h={10} style={{ background: s.color, borderRadius: 2 }} />
            <Text size="xs">{s.label}</Text>
          </Group>
        ))}
      </Group>
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
            {buckets.map((b) => (
              <tr key={b.startMs}>
                <td>{bucketLabel(b.startMs, bucketMs)}</td>
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
