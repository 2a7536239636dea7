// The partner sites (the booking widget's origins) as staff screens show them: the filter offered
// once something came through a partner's widget, and the short name of a partner in a row.
import { Select, type SelectProps } from '@mantine/core';

/** https://chamber.example → chamber.example */
export function partnerLabel(origin: string): string {
  return origin.replace(/^https?:\/\//, '');
}

/** Nothing until some row came through a partner's widget; then a Select of those partners. */
export function PartnerFilter({
  partners,
  value,
  onChange,
  ...select
}: { partners: string[] | undefined; value: string | undefined; onChange: (partner: string | undefined) => void } & Pick<SelectProps, 'label' | 'aria-label' | 'w'>) {
  if (partners === undefined || partners.length === 0) return null;
  return (
    <Select
      placeholder="All partners"
      data={partners.map((partner) => ({ value: partner, label: partnerLabel(partner) }))}
      value={value ?? null}
      onChange={(partner) => onChange(partner ?? undefined)}
      clearable
      {...select}
    />
  );
}
