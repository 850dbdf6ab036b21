import { i18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatAmount } from '../../format.ts';
import { dashboardQueries } from './queries.ts';

type Month = { month: string; amount: number };

/** A month `YYYY-MM` as the active language writes it: `long` ("décembre 2026") or `short` ("déc."). */
function monthLabel(month: string, style: 'long' | 'short'): string {
  const at = `${month}-01T00:00:00Z`;
  return style === 'long'
    ? i18n.date(at, { month: 'long', year: 'numeric', timeZone: 'UTC' })
    : i18n.date(at, { month: 'short', timeZone: 'UTC' });
}

const chartHeight = 220;

/** An axis's amount, short: "12 k €". */
const compactAmount = (amount: number, currency: string) =>
  i18n.number(amount, { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 });

/** The bars, drawn by uPlot on a canvas that screen readers skip: the table below says the same. */
function Bars({ months, currency }: { months: Month[]; currency: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const labels = months.map((month) => monthLabel(month.month, 'short'));
    const bars = uPlot.paths.bars?.({ size: [0.6, 48] });
    const chart = new uPlot(
      {
        width: element.clientWidth || 600,
        height: chartHeight,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: false } },
        axes: [
          {
            values: (_, ticks) => ticks.map((tick) => labels[tick] ?? ''),
            stroke: '#334155',
            grid: { show: false },
          },
          {
            values: (_, ticks) => ticks.map((tick) => compactAmount(tick, currency)),
            size: 70,
            stroke: '#334155',
            grid: { stroke: '#e2e8f0' },
          },
        ],
        series: [
          {},
          {
            fill: '#2f5d9a',
            // bars start at 0, so a month of credit notes goes below the axis
            fillTo: 0,
            stroke: '#2f5d9a',
            ...(bars ? { paths: bars } : {}),
            points: { show: false },
          },
        ],
      },
      [months.map((_, index) => index), months.map((month) => month.amount)],
      element,
    );
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: element.clientWidth, height: chartHeight }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [months, currency]);
  return <div ref={container} aria-hidden="true" className="w-full" />;
}

/** Revenue excluding tax for the 12 months ending with this one: bars, and the same figures as a table. */
export function RevenueChart() {
  const { t } = useLingui();
  const { data } = useSuspenseQuery(dashboardQueries.receivables());
  const { revenueByMonth, currency } = data.data;
  const empty = revenueByMonth.every((month) => month.amount === 0);
  return (
    <div className="flex flex-col gap-2">
      {empty ? (
        <p className="text-sm text-slate-700">
          <Trans>
            Aucune facture émise ces 12 derniers mois : le graphique se remplira à la première facture
            envoyée.
          </Trans>
        </p>
      ) : (
        <Bars months={revenueByMonth} currency={currency} />
      )}
      <table className="sr-only">
        <caption>{t`Chiffre d’affaires hors taxes par mois`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Mois`}</th>
            <th scope="col">{t`Montant HT`}</th>
          </tr>
        </thead>
        <tbody>
          {revenueByMonth.map((month) => (
            <tr key={month.month}>
              <th scope="row">{monthLabel(month.month, 'long')}</th>
              <td>{formatAmount(month.amount, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
