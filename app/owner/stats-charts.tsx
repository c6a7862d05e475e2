/**
 * The numbers page's charts: plain SVG drawn on the server, no chart library. Each chart is an
 * image with a title and a description for screen readers, and the page prints the same figures
 * in a table beside it.
 */
import { useId, type ReactNode } from "react";

export interface Bar {
  label: string;
  /** Read out and printed above the bar. */
  value: number;
}

interface ChartProps {
  title: string;
  description: string;
  bars: Bar[];
}

const WIDTH = 640;
const HEIGHT = 240;
const AXIS = 28;
const TOP = 20;

/**
 * The image every chart is drawn in, so that each is announced the same way: by its title, then
 * its description, which reads out every figure the bars show.
 */
function ChartFrame({
  title,
  description,
  height,
  children,
}: Omit<ChartProps, "bars"> & { height: number; children: ReactNode }) {
  const id = useId();
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      className="h-auto w-full max-w-2xl"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {children}
    </svg>
  );
}

/** Vertical bars, e.g. leads per week; labels under each bar. */
export function ColumnChart({ title, description, bars }: ChartProps) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const slot = WIDTH / Math.max(1, bars.length);
  const plot = HEIGHT - AXIS - TOP;
  return (
    <ChartFrame title={title} description={description} height={HEIGHT}>
      <line x1={0} y1={HEIGHT - AXIS} x2={WIDTH} y2={HEIGHT - AXIS} stroke="#475569" strokeWidth={1} />
      {bars.map((bar, i) => {
        const height = (bar.value / max) * plot;
        const x = i * slot + slot * 0.15;
        const y = HEIGHT - AXIS - height;
        return (
          <g key={bar.label}>
            <rect x={x} y={y} width={slot * 0.7} height={height} fill="#1e3a5f" />
            <text x={x + slot * 0.35} y={y - 4} textAnchor="middle" fontSize={13} fill="#0f172a">
              {bar.value}
            </text>
            <text x={x + slot * 0.35} y={HEIGHT - 9} textAnchor="middle" fontSize={12} fill="#334155">
              {bar.label}
            </text>
          </g>
        );
      })}
    </ChartFrame>
  );
}

const ROW = 30;
const LABEL = 210;

/** Horizontal bars, e.g. leads by page; long labels fit on the left. */
export function BarList({ title, description, bars }: ChartProps) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const room = WIDTH - LABEL - 48;
  return (
    <ChartFrame title={title} description={description} height={Math.max(1, bars.length) * ROW + 8}>
      {bars.map((bar, i) => {
        const y = i * ROW + 4;
        const label = bar.label.length > 30 ? `${bar.label.slice(0, 29)}…` : bar.label;
        const width = (bar.value / max) * room;
        return (
          <g key={bar.label}>
            <text x={LABEL - 8} y={y + ROW / 2 + 4} textAnchor="end" fontSize={13} fill="#334155">
              {label}
            </text>
            <rect x={LABEL} y={y + 4} width={width} height={ROW - 10} fill="#0e7490" />
            <text x={LABEL + width + 6} y={y + ROW / 2 + 4} fontSize={13} fill="#0f172a">
              {bar.value}
            </text>
          </g>
        );
      })}
    </ChartFrame>
  );
}
