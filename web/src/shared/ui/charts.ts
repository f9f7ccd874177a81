// Mantine's charts with their styles (tooltips, legends, labels readable in
// both themes). Screens import charts from here, so the styles travel in the
// chunks that draw charts and never weigh on the first page.
import '@mantine/charts/styles.css';

export { AreaChart, BarChart, CompositeChart, DonutChart, LineChart } from '@mantine/charts';
