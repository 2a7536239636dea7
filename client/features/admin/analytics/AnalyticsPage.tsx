// Analytics (staff): which pages and sources bring bookings. Visitors, page views, bookings and the
// conversion rate of a range against the range before, the range day by day, top pages, sources and
// campaigns, and the booking funnel of an event or of consultations, each chart readable as a table.
// Counted without cookies (server/analytics); days are UTC days, as the aggregates are kept.
import '@client/zod-config'; // before any schema of this chunk is created
import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Alert, Button, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useState } from 'react';
import { DEVICE_CLASSES, type DeviceClass } from '@server/analytics/analytics.schemas';
import { messageOf, trpc } from '@client/trpc';
import { AdminPage } from '@client/features/admin/kit/AdminPage';
import { CALENDAR_LABELS } from '@client/features/admin/kit/calendar-labels';
import { DownloadIcon } from '@client/features/admin/kit/icons';
import { failureText, notifyError } from '@client/features/admin/kit/notify';
import { ScrollTable } from '@client/features/admin/kit/ScrollTable';
import { StatCard } from '@client/features/admin/kit/StatCard';
import { changeText, daysIn, lastDays, RANGE_PRESETS, type RangePreset } from './analytics-range';
import { type ChartColumn, ChartWithTable, FigureTable } from './ChartWithTable';

const STEP_LABELS: Record<string, string> = {
  'event-viewed': 'Event page viewed',
  'booking-started': 'Booking started',
  'slot-chosen': 'Time slot chosen',
  'details-entered': 'Details entered',
  'type-chosen': 'Consultation type chosen',
  'time-chosen': 'Time chosen',
  booked: 'Booked',
};

const LANGUAGE_OPTIONS = [
  { value: 'en', label: 'English' },
  { value: 'fr', label: 'French' },
];

const DEVICE_LABELS: Record<DeviceClass, string> = { mobile: 'Phone', tablet: 'Tablet', desktop: 'Computer' };
const DEVICE_OPTIONS = DEVICE_CLASSES.map((device) => ({ value: device, label: DEVICE_LABELS[device] }));

/** The consultations' funnel in the funnel picker (an event's id otherwise). */
const CONSULTATIONS = 'consultations';

const number = (value: number) => value.toLocaleString('en-US');
const percent = (value: number | null) => (value === null ? '–' : `${value.toFixed(1)}%`);

function TopTable<Row>({ label, rows, columns, rowKey }: { label: string; rows: Row[]; columns: ChartColumn<Row>[]; rowKey: (row: Row) => string }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={label}>
      <Text fw={700} component="h2" size="lg" mb="sm">
        {label}
      </Text>
      {rows.length === 0 ? (
        <Text c="dimmed">Nothing counted in this range.</Text>
      ) : (
        <ScrollTable minWidth={320} label={`${label} table`}>
          <FigureTable rows={rows} columns={columns} rowKey={rowKey} />
        </ScrollTable>
      )}
    </Paper>
  );
}

export function AnalyticsPage() {
  const utils = trpc.useUtils();
  const [preset, setPreset] = useState<RangePreset>('30');
  const [custom, setCustom] = useState(lastDays(30));
  const [eventId, setEventId] = useState<string | null>(null);
  const [source, setSource] = useState<string | null>(null);
  const [language, setLanguage] = useState<string | null>(null);
  const [device, setDevice] = useState<DeviceClass | null>(null);
  const [funnelOf, setFunnelOf] = useState<string>(CONSULTATIONS);
  const [exporting, setExporting] = useState(false);

  const range = preset === 'custom' ? custom : lastDays(Number(preset));
  const rangeValid = range.from !== '' && range.to !== '' && range.from <= range.to;
  const filter = { ...range, eventId: eventId ?? undefined, source: source ?? undefined, language: language ?? undefined, device: device ?? undefined };
  const keep = { enabled: rangeValid, placeholderData: <T,>(previous: T | undefined) => previous };
  const summary = trpc.analytics.summary.useQuery(filter, keep);
  const pages = trpc.analytics.pages.useQuery(filter, keep);
  const sources = trpc.analytics.sources.useQuery(filter, keep);
  const funnel = trpc.analytics.funnel.useQuery({ ...range, eventId: funnelOf === CONSULTATIONS ? undefined : funnelOf }, keep);
  const events = trpc.events.adminList.useQuery({ pageSize: 100 });

  const eventOptions = (events.data?.items ?? []).map((event) => ({ value: event.id, label: event.title }));
  const sourceOptions = (sources.data?.sources ?? []).map((row) => row.source);
  if (source !== null && !sourceOptions.includes(source)) sourceOptions.push(source);
  const days = daysIn(range);
  const current = summary.data?.current;
  const previous = summary.data?.previous;
  const loading = summary.isPending;
  const versus = (now: number | undefined, before: number | undefined) =>
    now === undefined || before === undefined ? undefined : `${changeText(now, before)} against the ${days} days before`;

  async function exportCsv() {
    setExporting(true);
    try {
      const { filename, csv } = await utils.analytics.exportCsv.fetch(filter);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      link.download = filename;
      link.click();
      URL.revokeObjectURL(link.href);
    } catch (error) {
      notifyError(failureText('Export failed', error));
    } finally {
      setExporting(false);
    }
  }

  const error = summary.error ?? pages.error ?? sources.error ?? funnel.error;
  const nothingCounted = current !== undefined && current.visitors === 0 && current.pageviews === 0 && current.bookings === 0;

  return (
    <AdminPage
      title="Analytics"
      subtitle="Visitors, bookings and where they came from, counted without cookies (days in UTC)"
      actions={
        <Button variant="default" leftSection={<DownloadIcon />} onClick={() => void exportCsv()} loading={exporting} disabled={!rangeValid}>
          Export CSV
        </Button>
      }
    >
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group align="flex-end" wrap="wrap" gap="sm">
            <Stack gap={4}>
              <Text size="sm" fw={500} id="analytics-range-label">
                Range
              </Text>
              <SegmentedControl aria-labelledby="analytics-range-label" data={[...RANGE_PRESETS]} value={preset} onChange={(value) => setPreset(value as RangePreset)} />
            </Stack>
            {preset === 'custom' && (
              <>
                {/* Mantine's calendar (the day written out) rather than the browser's mm/dd/yyyy field; the value is still the 'yyyy-mm-dd' day.
                    The next and previous months' days are hidden: dimmed, they fail the contrast check. */}
                <DatePickerInput
                  label="From"
                  valueFormat="D MMM YYYY"
                  ariaLabels={CALENDAR_LABELS}
                  hideOutsideDates
                  value={custom.from === '' ? null : custom.from}
                  onChange={(day) => setCustom({ ...custom, from: day ?? '' })}
                  defaultDate={custom.from === '' ? undefined : custom.from}
                />
                <DatePickerInput
                  label="To"
                  valueFormat="D MMM YYYY"
                  ariaLabels={CALENDAR_LABELS}
                  hideOutsideDates
                  value={custom.to === '' ? null : custom.to}
                  onChange={(day) => setCustom({ ...custom, to: day ?? '' })}
                  defaultDate={custom.to === '' ? undefined : custom.to}
                  error={rangeValid ? undefined : 'The end must be on or after the start'}
                />
              </>
            )}
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            <Select label="Event" placeholder="All pages" clearable data={eventOptions} value={eventId} onChange={setEventId} />
            <Select label="Source" placeholder="All sources" clearable data={sourceOptions} value={source} onChange={setSource} />
            <Select label="Language" placeholder="All languages" clearable data={LANGUAGE_OPTIONS} value={language} onChange={setLanguage} />
            <Select label="Device" placeholder="All devices" clearable data={DEVICE_OPTIONS} value={device} onChange={(value) => setDevice(value as DeviceClass | null)} />
          </SimpleGrid>
        </Stack>
      </Paper>

      {error !== null && (
        <Alert color="red" title="Failed to load analytics" role="alert">
          {messageOf(error, 'Please refresh the page to try again.')}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <StatCard label="Visitors" loading={loading} value={<Figure value={current?.visitors} change={versus(current?.visitors, previous?.visitors)} />} />
        <StatCard label="Page views" loading={loading} value={<Figure value={current?.pageviews} change={versus(current?.pageviews, previous?.pageviews)} />} />
        <StatCard label="Bookings" loading={loading} value={<Figure value={current?.bookings} change={versus(current?.bookings, previous?.bookings)} />} />
        <StatCard
          label="Conversion rate"
          loading={loading}
          value={<Figure text={percent(current?.conversion ?? null)} change={previous === undefined ? undefined : `${percent(previous.conversion)} in the ${days} days before`} />}
        />
      </SimpleGrid>

      {nothingCounted && (
        <Alert color="navy" title="Nothing counted in this range yet">
          Visits are counted from the public pages as people open them (never those of signed-in staff, and never a browser that asks not to be
          tracked). Choose a longer range, or come back after the site has had visitors.
        </Alert>
      )}

      <ChartWithTable
        title="Day by day"
        rows={summary.data?.days ?? []}
        rowKey={(day) => day.day}
        columns={[
          { label: 'Day', value: (day) => day.day },
          { label: 'Visitors', value: (day) => day.visitors },
          { label: 'Page views', value: (day) => day.pageviews },
          { label: 'Bookings', value: (day) => day.bookings },
        ]}
        chart={
          <LineChart
            h={260}
            data={summary.data?.days ?? []}
            dataKey="day"
            withLegend
            curveType="monotone"
            // The table beside it is what a keyboard and a screen reader use (ChartWithTable).
            lineChartProps={{ accessibilityLayer: false }}
            series={[
              { name: 'visitors', label: 'Visitors', color: 'navy.6' },
              { name: 'pageviews', label: 'Page views', color: 'gray.5' },
              { name: 'bookings', label: 'Bookings', color: 'gold.7' },
            ]}
          />
        }
      />

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TopTable
          label="Top pages"
          rows={pages.data ?? []}
          rowKey={(row) => row.path}
          columns={[
            { label: 'Page', value: (row) => row.path },
            { label: 'Visitors', value: (row) => number(row.visitors) },
            { label: 'Page views', value: (row) => number(row.pageviews) },
          ]}
        />
        <TopTable
          label="Top sources"
          rows={sources.data?.sources ?? []}
          rowKey={(row) => row.source}
          columns={[
            { label: 'Source', value: (row) => row.source },
            { label: 'Visitors', value: (row) => number(row.visitors) },
            { label: 'Bookings', value: (row) => number(row.bookings) },
          ]}
        />
      </SimpleGrid>
      <TopTable
        label="Campaigns"
        rows={sources.data?.campaigns ?? []}
        rowKey={(row) => row.campaign}
        columns={[
          { label: 'Campaign (source / medium / name)', value: (row) => row.campaign },
          { label: 'Visitors', value: (row) => number(row.visitors) },
          { label: 'Bookings', value: (row) => number(row.bookings) },
        ]}
      />

      <Stack gap="sm">
        <Select
          label="Booking funnel of"
          data={[{ value: CONSULTATIONS, label: 'Consultations' }, ...eventOptions]}
          value={funnelOf}
          onChange={(value) => setFunnelOf(value ?? CONSULTATIONS)}
          allowDeselect={false}
          w={{ base: '100%', xs: 360 }}
        />
        <ChartWithTable
          title="Booking funnel"
          rows={funnel.data?.steps ?? []}
          rowKey={(step) => step.step}
          columns={[
            { label: 'Step', value: (step) => STEP_LABELS[step.step] ?? step.step },
            { label: 'Visitors', value: (step) => step.count },
            { label: 'Lost since the step before', value: (step) => percent(step.dropOff) },
          ]}
          chart={
            <BarChart
              h={240}
              data={(funnel.data?.steps ?? []).map((step) => ({ step: STEP_LABELS[step.step] ?? step.step, visitors: step.count }))}
              dataKey="step"
              barChartProps={{ accessibilityLayer: false }}
              series={[{ name: 'visitors', label: 'Visitors', color: 'navy.6' }]}
            />
          }
        />
      </Stack>
    </AdminPage>
  );
}

/** A stat card's figure with its comparison line under it. */
function Figure({ value, text, change }: { value?: number; text?: string; change?: string }) {
  return (
    <>
      {text ?? (value === undefined ? '–' : number(value))}
      {change !== undefined && (
        <Text span display="block" size="xs" c="dimmed" fw={400}>
          {change}
        </Text>
      )}
    </>
  );
}
