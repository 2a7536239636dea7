// The one pattern of every back-office list: title (and subtitle), the primary action on the right,
// a summary (stat cards), the search box and the filters, a notice, the table, and its pages; with
// one loading state, one empty state and one error state that offers to try again.
//
// The table is drawn from a list of columns (ListTable): a table on a wide screen, a card per row on
// a phone. Once the list has loaded the table element stays (its name stays for screen readers) even
// when no row matches; its header and its minimum width only apply when it has rows, so the empty
// state sits centred in the screen on a phone instead of inside a wide sideways scroller.
import { Alert, Button, EmptyState, Group, Loader, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { SearchIcon } from './icons';
import { ListFooter } from './ListFooter';
import { type ListColumn, ListTable } from './ListTable';

/** The parts of a TanStack query of a paged list that the page shows. */
export interface ListQuery<TItem> {
  data: { items: TItem[]; total: number } | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  /** True while the rows shown are the previous query's (placeholderData), e.g. the page before. */
  isPlaceholderData?: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface ListSearch {
  /** Accessible name, e.g. 'Search events'. */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

export interface ListEmpty {
  title: string;
  description?: string;
  action?: ReactNode;
}

export interface ListPageProps<TItem> {
  title: string;
  subtitle?: string;
  /** 1 for a screen of its own; 2 for a list inside a tab of a screen (it then gets a frame). */
  level?: 1 | 2;
  /** The primary action (and any secondary ones) beside the title. */
  actions?: ReactNode;
  /** Between the title and the search: stat cards. */
  summary?: ReactNode;
  search?: ListSearch;
  filters?: ReactNode;
  /** Between the filters and the table: a hint or a warning about the list. */
  notice?: ReactNode;
  query: ListQuery<TItem>;
  /** The table's accessible name. */
  tableLabel: string;
  /** Below this width the table scrolls sideways inside its frame (never the page). */
  minWidth: number;
  striped?: boolean;
  /** Narrower cell padding, for a wide table in a narrow frame (a Settings tab). */
  compact?: boolean;
  /** The columns, in the order of each row's cells. */
  columns: readonly ListColumn[];
  /** One Table.Tr per item, with one Table.Td per column. */
  rows: (items: TItem[]) => ReactNode;
  loadingText: string;
  /** The error line, e.g. (error) => failureText('Failed to load sessions', error). */
  errorText: (error: unknown) => string;
  empty: ListEmpty;
  page: number;
  onPage: (page: number) => void;
  /** Below the table, above the pages. */
  footer?: ReactNode;
}

/** False, null and undefined render nothing: such a slot gets no wrapper either. */
function shown(node: ReactNode): boolean {
  return node !== undefined && node !== null && node !== false;
}

export function ListPage<TItem>(props: ListPageProps<TItem>) {
  const { title, subtitle, level = 1, actions, summary, search, filters, notice, query, footer } = props;
  // "Showing 21–25 of 25" must describe the rows on screen: while the next page loads, the previous
  // page's rows stay (placeholderData), and so does their range. The pager shows the page asked for.
  const [shownPage, setShownPage] = useState(props.page);
  if (query.data !== undefined && query.isPlaceholderData !== true && shownPage !== props.page) setShownPage(props.page);
  const heading = (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <div>
        <Title order={level}>
          {title}
        </Title>
        {subtitle !== undefined && (
          <Text c="dimmed" size={level === 1 ? 'md' : 'sm'}>
            {subtitle}
          </Text>
        )}
      </div>
      {shown(actions) && (
        <Group gap="sm" wrap="wrap">
          {actions}
        </Group>
      )}
    </Group>
  );
  const toolbar = (search !== undefined || filters !== undefined) && (
    <Group align="flex-end" gap="sm" wrap="wrap">
      {search !== undefined && (
        <TextInput
          aria-label={search.label}
          placeholder={search.placeholder}
          leftSection={<SearchIcon />}
          value={search.value}
          onChange={(event) => search.onChange(event.currentTarget.value)}
          flex={1}
          miw={200}
          maw={{ base: '100%', sm: 420 }}
        />
      )}
      {filters}
    </Group>
  );
  const content = (
    <Stack gap={level === 1 ? 'lg' : 'md'}>
      {heading}
      {summary}
      {toolbar}
      {notice}
      {query.isError && <ListError text={props.errorText(query.error)} onRetry={() => void query.refetch()} />}
      {!(query.isError && query.data === undefined) && <ListBody {...props} />}
      {footer}
      <ListFooter total={query.data?.total ?? 0} shownPage={shownPage} page={props.page} onPage={props.onPage} />
    </Stack>
  );
  if (level === 1) return content;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      {content}
    </Paper>
  );
}

function ListError({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <Alert color="red" role="alert">
      <Group gap="xs" wrap="wrap">
        <Text span size="sm">
          {text}
        </Text>{' '}
        <Button variant="light" color="red" size="compact-sm" onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}

function ListBody<TItem>({ query, tableLabel, minWidth, striped, compact, columns, rows, loadingText, empty }: ListPageProps<TItem>) {
  const items = query.data?.items;
  const hasRows = items !== undefined && items.length > 0;
  if (items === undefined) {
    return (
      <Group justify="center" gap="sm" py="xl">
        <Loader size="sm" aria-hidden />
        <Text role="status" c="dimmed">
          {loadingText}
        </Text>
      </Group>
    );
  }
  const body = hasRows ? (
    rows(items)
  ) : (
    <Table.Tr>
      {/* One cell spanning whatever columns there are. */}
      <Table.Td colSpan={100}>
        <EmptyState py="lg">
          {/* Not a heading: the screen's outline stays title, then the list, whatever it holds. */}
          <EmptyState.Title>{empty.title}</EmptyState.Title>
          {empty.description !== undefined && <EmptyState.Description>{empty.description}</EmptyState.Description>}
          {shown(empty.action) && <EmptyState.Actions>{empty.action}</EmptyState.Actions>}
        </EmptyState>
      </Table.Td>
    </Table.Tr>
  );
  return (
    <ListTable
      columns={columns}
      label={tableLabel}
      minWidth={hasRows ? minWidth : 0}
      withHeader={hasRows}
      striped={hasRows && striped === true}
      highlightOnHover={hasRows}
      compact={compact}
      busy={query.isFetching}
    >
      {body}
    </ListTable>
  );
}
