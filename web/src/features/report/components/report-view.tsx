import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import { memo, useMemo } from 'react';
import type { GameReport } from '@showdown/shared/api';
import { formatINR } from '@showdown/shared/format';
import { PracticeTag } from '../../../components/ui/bot-mark';
import { RecapStills } from '../../../components/recap/recap-stills';
import { clockOptions, t } from '../../../i18n';
import { eventText } from './event-text';
import { ReportMayhems } from './report-mayhems';
import { ReportPlayerCards } from './report-player-cards';
import { ReportStandings } from './report-standings';
import { timelineSeries, type TimelineLine, type TimelineSeries } from './timeline-series';

const rupees = (value: number | null) => (value === null ? '' : formatINR(value));

const compact = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});
/** An axis tick in lakhs and thousands, short enough for a phone: '₹7L', '₹10.1L', '₹450'. */
export const compactRupees = (value: number) => compact.format(value);

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Minutes as an axis shows them: '12', '7.5'. */
const minutesText = (value: number) => String(Math.round(value * 10) / 10);

/**
 * Steps over the game's time: each line holds its value until the next event changes it (a
 * payday is a jump at its minute, never a slope before it); the x-axis counts minutes into the
 * game and the tooltip names the event at that moment.
 */
function TimelineChart({
  report,
  timeline,
  lines,
  testId,
}: {
  report: GameReport;
  timeline: TimelineSeries;
  lines: TimelineLine[];
  testId: string;
}) {
  const xLabel = (value: number, context: { location: string }) => {
    if (context.location !== 'tooltip') return minutesText(value);
    // Events of the same second share a point: the step shows the last one's state.
    const at = timeline.minutes.lastIndexOf(value);
    const event = report.events[timeline.events[at] ?? -1];
    const when = t('{minutes} min into the game', { minutes: minutesText(value) });
    return event ? `${when}: ${eventText(event)}` : when;
  };
  // Whole minutes on a long game's axis; a short one (a practice round) in halves or tenths.
  const span = timeline.minutes.at(-1) ?? 0;
  const tickMinStep = span >= 3 ? 1 : span >= 1 ? 0.5 : 0.1;
  return (
    // The legend is drawn above the plot's 300 px and wraps to several rows on a phone: the box
    // grows with it rather than letting the plot run over the next section.
    <Box data-testid={testId} sx={{ minHeight: 300 }}>
      <LineChart
        height={300}
        // A report is read, not watched: drawn whole at once (the line's reveal left a phone's
        // screenshot with a sliver of it).
        skipAnimation
        xAxis={[
          {
            data: timeline.minutes,
            scaleType: 'linear',
            min: 0,
            tickMinStep,
            label: t('Minutes into the game'),
            valueFormatter: xLabel,
          },
        ]}
        yAxis={[{ valueFormatter: compactRupees, width: 56 }]}
        // An event's sentence wraps at the tooltip's width instead of running off a phone.
        slotProps={{ tooltip: { sx: { '& table > caption': { whiteSpace: 'normal' } } } }}
        series={lines.map((line) => ({
          ...line,
          curve: 'stepAfter' as const,
          showMark: false,
          valueFormatter: rupees,
        }))}
      />
    </Box>
  );
}

/**
 * A completed game's report: the standings, everyone's net worth and every company's price over
 * the game (charts), each player's cash, holdings and best trade, and what each mayhem did. The
 * same view serves the signed-in screen and the signed-out share page; it draws again only for a
 * new report (the screen's buttons and notes around it change often).
 */
export const ReportView = memo(function ReportView({ report }: { report: GameReport }) {
  const timeline = useMemo(() => timelineSeries(report), [report]);
  return (
    <Box>
      {report.practice && <PracticeTag />}
      <Typography color="text.secondary">
        {t('Board {code}', { code: report.board_code })}
        {report.ended_at
          ? ` · ${t('ended {when}', { when: new Date(report.ended_at).toLocaleString(undefined, clockOptions()) })}`
          : ''}
      </Typography>

      <Section title={t('Standings')}>
        <ReportStandings players={report.players} />
      </Section>

      <Section title={t('Net worth over the game')}>
        <TimelineChart
          testId="net-worth-chart"
          report={report}
          timeline={timeline}
          lines={timeline.netWorth}
        />
      </Section>

      <Section title={t('Share prices')}>
        <TimelineChart
          testId="prices-chart"
          report={report}
          timeline={timeline}
          lines={timeline.prices}
        />
      </Section>

      <Section title={t('The story of the game')}>
        <RecapStills report={report} />
      </Section>

      <Section title={t('Players')}>
        <ReportPlayerCards players={report.players} />
      </Section>

      <Section title={t('Market mayhem')}>
        <ReportMayhems mayhems={report.mayhems} />
      </Section>
    </Box>
  );
});
