import type { GameReport } from '@showdown/shared/api';

/** A line of a timeline chart: its value at each point of `TimelineSeries.minutes`. */
export interface TimelineLine {
  id: string;
  label: string;
  data: number[];
}

/**
 * The report's charts as steps in time: `minutes` holds each event's time into the game (and the
 * game's end, where it came after the last event), each line its value from that moment on. A
 * chart draws them with a step after each point, so a value changes exactly at its event.
 */
export interface TimelineSeries {
  minutes: number[];
  /** The event each point stands for (the end's point repeats the last event). */
  events: number[];
  netWorth: TimelineLine[];
  prices: TimelineLine[];
}

/** Each company's price at every event of the timeline (the last price up to that event). */
export function pricesAtEvents(report: GameReport): Array<{ name: string; data: number[] }> {
  return report.companies.map((company) => {
    const data: number[] = [];
    let at = 0;
    let price = company.prices[0]?.price ?? 0;
    for (const event of report.events) {
      while (at < company.prices.length && company.prices[at]!.event <= event.index) {
        price = company.prices[at]!.price;
        at += 1;
      }
      data.push(price);
    }
    return { name: company.name, data };
  });
}

/** Minutes (to the second) from the game's start to `at`. */
function minutesInto(start: number, at: string): number {
  return Math.max(0, Math.round((Date.parse(at) - start) / 1000)) / 60;
}

export function timelineSeries(report: GameReport): TimelineSeries {
  const start = Date.parse(report.started_at ?? report.events[0]?.at ?? '');
  const minutes = report.events.map((e) => minutesInto(start, e.at));
  const events = report.events.map((e) => e.index);
  const end = report.ended_at === null ? null : minutesInto(start, report.ended_at);
  // Held flat to the end of the game, so the last step is as wide as it lasted.
  const extend = end !== null && minutes.length > 0 && end > minutes[minutes.length - 1]!;
  if (extend) {
    minutes.push(end);
    events.push(events[events.length - 1]!);
  }
  const held = (data: number[]) => (extend && data.length > 0 ? [...data, data.at(-1)!] : data);
  return {
    minutes,
    events,
    netWorth: report.players.map((p) => ({
      id: `player-${p.player_id}`,
      label: p.username,
      data: held(p.net_worth.map((point) => point.net_worth)),
    })),
    prices: pricesAtEvents(report).map((company, i) => ({
      id: `company-${report.companies[i]!.stock_id}`,
      label: company.name,
      data: held(company.data),
    })),
  };
}
