import Box from '@mui/material/Box';
import { SparkLineChart } from '@mui/x-charts/SparkLineChart';
import { lastMove, pointsOf } from '@showdown/shared/price-history';
import type { PricePoint } from '@showdown/shared/protocol';

interface PriceSparklineProps {
  history: readonly PricePoint[];
  stockId: number;
  width: number;
  height: number;
}

/**
 * A company's price over the game so far, green when its last move was up, red when down. It
 * repeats what the prices say, so it stays out of the tab order and the accessibility tree.
 */
export function PriceSparkline({ history, stockId, width, height }: PriceSparklineProps) {
  const prices = pointsOf(history, stockId).map((p) => p.price);
  if (prices.length === 0) return <Box sx={{ width, height, flexShrink: 0 }} />;
  const move = lastMove(history, stockId);
  const colour = move ? (move.percent >= 0 ? '#2ecc71' : '#ff5a5f') : '#b7c3dc';
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const pad = Math.max((high - low) * 0.1, high * 0.01);
  return (
    <Box sx={{ width, height, flexShrink: 0 }} inert data-testid={`sparkline-${stockId}`}>
      <SparkLineChart
        data={prices.length === 1 ? [prices[0]!, prices[0]!] : prices}
        width={width}
        height={height}
        curve="linear"
        color={colour}
        margin={3}
        yAxis={{ min: low - pad, max: high + pad }}
      />
    </Box>
  );
}
