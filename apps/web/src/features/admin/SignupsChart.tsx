import type { SignupDay } from '@samaa/shared';

const WIDTH = 640;
const HEIGHT = 180;
const PAD = { top: 12, right: 8, bottom: 24, left: 28 };

const shortDay = (date: string) => {
  const [, month, day] = date.split('-');
  return `${Number(day)}/${Number(month)}`;
};

/** Sign-ups per day as an inline SVG bar chart; each bar carries its date and count as a tooltip. */
export function SignupsChart({ days }: { days: SignupDay[] }) {
  const total = days.reduce((sum, day) => sum + day.count, 0);
  const peak = Math.max(0, ...days.map((day) => day.count));
  const max = Math.max(1, peak);
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, days.length);
  const barWidth = Math.max(2, slot * 0.7);
  const labelled = new Set([0, Math.floor((days.length - 1) / 2), days.length - 1]);

  return (
    <svg
      className="signups-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`Sign-ups per day over the last ${days.length} days: ${total} in total, at most ${peak} in a day`}
    >
      <line
        x1={PAD.left}
        x2={WIDTH - PAD.right}
        y1={PAD.top + plotHeight}
        y2={PAD.top + plotHeight}
        className="signups-chart__axis"
      />
      <text x={PAD.left - 6} y={PAD.top + 4} textAnchor="end" className="signups-chart__label">
        {max}
      </text>
      <text
        x={PAD.left - 6}
        y={PAD.top + plotHeight}
        textAnchor="end"
        className="signups-chart__label"
      >
        0
      </text>
      {days.map((day, index) => {
        const height = (day.count / max) * plotHeight;
        const x = PAD.left + index * slot + (slot - barWidth) / 2;
        return (
          <g key={day.date}>
            <rect
              x={x}
              y={PAD.top + plotHeight - height}
              width={barWidth}
              height={Math.max(height, day.count > 0 ? 2 : 0)}
              rx={2}
              className="signups-chart__bar"
            >
              <title>{`${day.date}: ${day.count}`}</title>
            </rect>
            {labelled.has(index) && (
              <text
                x={x + barWidth / 2}
                y={HEIGHT - 6}
                textAnchor="middle"
                className="signups-chart__label"
              >
                {shortDay(day.date)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
