// Payments (staff): the paid bookings and where their money stands (awaiting, overdue, paid, refund
// due, refunded), filtered by status, invoice dates and a search, kept in the URL so a filtered view
// can be shared and reloaded; the accountant's CSV of the same filters (Export CSV); and above them the upload of
// the bank's statement that pays awaiting bookings.
import '@client/zod-config'; // before any schema of this chunk is created
import { keepPreviousData } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { trpc } from '@client/trpc';
import { ExportCsvButton } from '@client/features/admin/kit/ExportCsvButton';
import { ListPage } from '@client/features/admin/kit/ListPage';
import { failureText } from '@client/features/admin/kit/notify';
import { useKeepPageInRange } from '@client/features/admin/kit/use-keep-page-in-range';
import { PAGE_SIZE } from '@client/features/admin/kit/use-list-state';
import { useSiteTimezone } from '@client/features/admin/kit/use-site-timezone';
import { PaymentFilters } from './PaymentFilters';
import type { PaymentSearch } from './payment-search';
import { PAYMENT_COLUMNS, PaymentRows } from './PaymentsTable';
import { StatementImport } from './StatementImport';

const paymentsRoute = getRouteApi('/admin/payments');

/** The accountant's CSV (invoices and credit notes) of the filters shown. */
const EXPORT_ROUTE = '/api/exports/payments.csv';

/** The screen at /admin/payments: its filters are the URL's search params. */
export function PaymentsRoutePage() {
  const filters = paymentsRoute.useSearch();
  const navigate = paymentsRoute.useNavigate();
  return <PaymentsPage filters={filters} onFiltersChange={(search) => void navigate({ search, replace: true })} />;
}

function withoutEmpty(next: PaymentSearch): PaymentSearch {
  return Object.fromEntries(Object.entries(next).filter(([, value]) => value !== undefined)) as PaymentSearch;
}

/** Without `filters`, the screen keeps its filters itself (as when rendered outside the router). */
export function PaymentsPage({ filters: givenFilters, onFiltersChange }: { filters?: PaymentSearch; onFiltersChange?: (filters: PaymentSearch) => void } = {}) {
  const { timeZone } = useSiteTimezone();
  const [ownFilters, setOwnFilters] = useState<PaymentSearch>({});
  const filters = givenFilters ?? ownFilters;
  const setFilters = onFiltersChange ?? setOwnFilters;
  const updateFilters = (patch: Partial<PaymentSearch>) => setFilters(withoutEmpty({ ...filters, ...patch, page: undefined }));
  const page = filters.page ?? 1;
  const setPage = (next: number) => setFilters(withoutEmpty({ ...filters, page: next > 1 ? next : undefined }));
  const filter = { search: filters.search, status: filters.status ?? ('all' as const), from: filters.from, to: filters.to };
  const payments = trpc.payments.list.useQuery({ ...filter, page, pageSize: PAGE_SIZE }, { placeholderData: keepPreviousData });
  useKeepPageInRange(payments.data, page, setPage);
  const anyFilter = filter.search !== undefined || filter.status !== 'all' || filter.from !== undefined || filter.to !== undefined;

  return (
    <ListPage
      title="Payments"
      subtitle="Paid bookings and the bank transfers received for them."
      actions={<ExportCsvButton route={EXPORT_ROUTE} filter={filter} />}
      summary={<StatementImport />}
      filters={<PaymentFilters filters={filters} onChange={updateFilters} />}
      query={payments}
      tableLabel="Payments"
      minWidth={1100}
      columns={PAYMENT_COLUMNS}
      rows={(items) => <PaymentRows items={items} timeZone={timeZone} />}
      loadingText="Loading payments..."
      errorText={(error) => failureText('Failed to load payments', error)}
      empty={
        anyFilter
          ? { title: 'No payments match these filters' }
          : { title: 'No paid bookings yet', description: 'Bookings of sessions with a price are listed here with their invoice and payment.' }
      }
      page={page}
      onPage={setPage}
    />
  );
}
