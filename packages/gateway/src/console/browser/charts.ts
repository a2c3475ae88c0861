import { h, s } from './dom.js';

/**
 * A bar chart as inline SVG built by DOM calls: sizes are SVG attributes, colours come from
 * classes (the CSP allows no inline style). The same numbers are always shown as a table too,
 * so the chart is never the only way to read them.
 * @module
 */

export interface Series {
  name: string;
  /** A class of console.css that colours the bars (`bar-a`, `bar-b`). */
  className: string;
  values: number[];
}

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { top: 12, right: 8, bottom: 28, left: 48 };

export function barChart(title: string, labels: string[], series: Series[]): HTMLElement {
  const max = Math.max(1, ...series.flatMap((item) => item.values));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const group = plotWidth / Math.max(1, labels.length);
  // Capped, so one or two buckets do not draw slabs.
  const bar = Math.min(48, Math.max(1, (group * 0.8) / series.length));
  const svg = s('svg', {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    class: 'chart',
    role: 'img',
    'aria-label': title,
    preserveAspectRatio: 'xMidYMid meet',
  });
  svg.append(s('title', {}, title));
  // Whole-number ticks (counts and bytes), each drawn once.
  for (const tick of new Set([0, Math.round(max / 2), max])) {
    const y = PAD.top + plotHeight * (1 - tick / max);
    svg.append(
      s('line', { x1: PAD.left, x2: WIDTH - PAD.right, y1: y, y2: y, class: 'grid' }),
      s('text', { x: PAD.left - 6, y: y + 4, 'text-anchor': 'end', class: 'axis' }, String(tick)),
    );
  }
  labels.forEach((label, index) => {
    const x0 = PAD.left + group * index + (group - bar * series.length) / 2;
    series.forEach((item, which) => {
      const value = item.values[index] ?? 0;
      const height = (value / max) * plotHeight;
      svg.append(
        s(
          'rect',
          {
            x: x0 + bar * which,
            y: PAD.top + plotHeight - height,
            width: Math.max(1, bar - 1),
            height: Math.max(0, height),
            class: item.className,
          },
          s('title', {}, `${item.name} ${label}: ${value}`),
        ),
      );
    });
    const every = Math.ceil(labels.length / 8);
    if (index % every === 0) {
      svg.append(
        s(
          'text',
          { x: x0 + (bar * series.length) / 2, y: HEIGHT - 8, 'text-anchor': 'middle', class: 'axis' },
          label,
        ),
      );
    }
  });
  const legend = h(
    'ul',
    { class: 'legend' },
    ...series.map((item) =>
      h('li', {}, h('span', { class: `swatch ${item.className}`, 'aria-hidden': 'true' }), item.name),
    ),
  );
  return h('figure', { class: 'chart-figure' }, svg, h('figcaption', {}, title), legend);
}
