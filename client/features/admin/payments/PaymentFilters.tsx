// The Payments screen's filters: search (name, e-mail, company, reference, invoice number), status,
// and a range of invoice dates. The values live in the URL (payment-search.ts); the search text is
// debounced before it reaches the URL and the server.
import { Button, Group, Select } from '@mantine/core';
import { PAYMENT_LIST_STATUSES, PAYMENT_ROW_STATUS_LABELS } from '@server/payments/payment-list-statuses.schemas';
import { DateFilter } from '@client/features/admin/kit/DateFilter';
import { SearchFilter } from '@client/features/admin/kit/SearchFilter';
import type { PaymentSearch } from './payment-search';

const STATUS_OPTIONS = [{ value: 'all', label: 'All statuses' }, ...PAYMENT_LIST_STATUSES.map((status) => ({ value: status, label: PAYMENT_ROW_STATUS_LABELS[status] }))];

interface PaymentFiltersProps {
  filters: PaymentSearch;
  /** Any change goes back to page 1. */
  onChange: (patch: Partial<PaymentSearch>) => void;
}

export function PaymentFilters({ filters, onChange }: PaymentFiltersProps) {
  const anyFilter = Object.entries(filters).some(([key, value]) => key !== 'page' && value !== undefined);

  return (
    <Group align="flex-end" wrap="wrap" gap="sm">
      <SearchFilter search={filters.search} onSearch={(search) => onChange({ search })} label="Search payments" placeholder="Name, company, reference, invoice..." width={300} />
      <Select
        aria-label="Filter by payment status"
        data={STATUS_OPTIONS}
        value={filters.status ?? 'all'}
        onChange={(value) => {
          const status = PAYMENT_LIST_STATUSES.find((candidate) => candidate === value);
          onChange({ status });
        }}
        allowDeselect={false}
        w={{ base: '100%', xs: 190 }}
      />
      <DateFilter label="Invoiced from" value={filters.from} maxDate={filters.to} onChange={(from) => onChange({ from })} w={{ base: '47%', xs: 170 }} />
      <DateFilter label="Invoiced to" value={filters.to} minDate={filters.from} onChange={(to) => onChange({ to })} w={{ base: '47%', xs: 170 }} />
      {anyFilter && (
        <Button
          variant="subtle"
          onClick={() => onChange({ search: undefined, status: undefined, from: undefined, to: undefined })}
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}
