import { BarChart, type BarChartProps } from '@mantine/charts';
import '@mantine/charts/styles.css';

/** The demo's chart in its own chunk (DemoPage loads it lazily, with the chart library). */
export default function DemoBarChart(props: BarChartProps) {
  return <BarChart {...props} />;
}
