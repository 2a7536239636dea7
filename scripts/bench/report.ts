// The table `npm run bench` ends with: each figure beside its baseline, the ratio and the goal.
// A figure that misses its goal makes the run exit non-zero.

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The same work done by a bare baseline in the same run, where there is one. */
  baseline?: number;
  /** 'information': shown to explain other figures, with no goal of its own. */
  goal: { kind: 'ratio-at-least' | 'at-least' | 'at-most'; target: number } | { kind: 'information' };
}

function formatNumber(value: number): string {
  return value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(value >= 10 ? 1 : 2);
}

export function meetsGoal(figure: Figure): boolean {
  const goal = figure.goal;
  if (goal.kind === 'information') return true;
  if (goal.kind === 'ratio-at-least') return figure.baseline !== undefined && figure.value / figure.baseline >= goal.target;
  if (goal.kind === 'at-least') return figure.value >= goal.target;
  return figure.value <= goal.target;
}

function goalText(figure: Figure): string {
  const goal = figure.goal;
  if (goal.kind === 'information') return '(information)';
  if (goal.kind === 'ratio-at-least') return `ratio >= ${goal.target}`;
  return `${goal.kind === 'at-least' ? '>=' : '<='} ${formatNumber(goal.target)} ${figure.unit}`;
}

/** Prints the table and returns whether every goal was met. */
export function printFigures(figures: Figure[]): boolean {
  const rows = figures.map((figure) => [
    figure.name,
    `${formatNumber(figure.value)} ${figure.unit}`,
    figure.baseline === undefined ? '' : `${formatNumber(figure.baseline)} ${figure.unit}`,
    figure.baseline === undefined ? '' : `${(figure.value / figure.baseline).toFixed(2)}x`,
    goalText(figure),
    figure.goal.kind === 'information' ? '' : meetsGoal(figure) ? 'met' : 'MISSED',
  ]);
  const header = ['figure', 'value', 'baseline', 'ratio', 'goal', ''];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(`\n${line(header)}\n|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  return figures.every(meetsGoal);
}
