// Billing (admins only): what every invoice prints about the firm (legal name, address, VAT
// number), the bank account buyers pay into, the prefixes of invoice and credit note numbers and
// the payment terms. The form checks with the server's own schema, so a mistyped IBAN shows its
// message before saving; invoices already issued keep the details they were issued with.
import { Alert, Loader, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMemo } from 'react';
import { z } from 'zod';
import {
  type BillingSettings,
  billingSettingsInput,
  type BillingSettingsInput,
  COUNTRY_CODES,
  groupedIban,
  MAX_ADDRESS_LINES,
} from '@server/invoices/billing-settings.schemas';
import { messageOf, trpc } from '@client/trpc';
import { FormSection, PageForm } from '@client/features/admin/kit/PageForm';
import { notifySaved, notifySaveFailed } from './save-feedback';

/** The form's values: the address lines as one text, one line a line. */
type BillingFormValues = Omit<BillingSettingsInput, 'addressLines'> & { address: string };

function formValues(settings: BillingSettings): BillingFormValues {
  const { addressLines, iban, ...rest } = settings;
  return { ...rest, iban: groupedIban(iban), address: addressLines.join('\n') };
}

function toInput(values: BillingFormValues): BillingSettingsInput {
  const { address, ...rest } = values;
  return { ...rest, addressLines: address.split('\n').map((line) => line.trim()).filter((line) => line !== '') };
}

// The address's messages belong under the one field that holds its lines.
const billingFormSchema = z.preprocess((values) => toInput(values as BillingFormValues), billingSettingsInput);

function BillingForm({ settings }: { settings: BillingSettings }) {
  const utils = trpc.useUtils();
  const form = useForm<BillingFormValues>({ initialValues: formValues(settings), validate: schemaResolver(billingFormSchema, { sync: true }) });
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
    return COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) => a.label.localeCompare(b.label));
  }, []);
  const save = trpc.settings.updateBilling.useMutation({
    onSuccess: (saved) => {
      form.setValues(formValues(saved));
      form.resetDirty(formValues(saved));
      utils.settings.billing.setData(undefined, saved);
      notifySaved('billing');
    },
    onError: (error) =>
      notifySaveFailed('billing', error, (errors) => {
        const { addressLines, ...rest } = errors;
        form.setErrors(addressLines === undefined ? rest : { ...rest, address: addressLines });
      }),
  });
  const addressError = Object.entries(form.errors).find(([field]) => field.startsWith('addressLines'))?.[1];
  return (
    <PageForm saving={save.isPending} error={save.error} onSubmit={form.onSubmit((values) => save.mutate(toInput(values)))}>
      <FormSection title="Firm" description="Printed at the top of every invoice and credit note.">
        <TextInput label="Legal Name" description="Leave empty to print the site name." autoComplete="organization" {...form.getInputProps('legalName')} />
        <Textarea
          label="Address"
          description={`Street and number, up to ${MAX_ADDRESS_LINES} lines.`}
          autosize
          minRows={2}
          autoComplete="street-address"
          {...form.getInputProps('address')}
          error={form.errors.address ?? addressError}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Postcode" autoComplete="postal-code" {...form.getInputProps('postcode')} />
          <TextInput label="City" autoComplete="address-level2" {...form.getInputProps('city')} />
        </SimpleGrid>
        <Select label="Country" data={countries} searchable {...form.getInputProps('country')} value={form.values.country === '' ? null : form.values.country} onChange={(value) => form.setFieldValue('country', value ?? '')} />
        <TextInput label="VAT Number" placeholder="DE123456789" {...form.getInputProps('vatNumber')} />
      </FormSection>
      <FormSection title="Bank Account" description="Buyers pay invoices by bank transfer to this account.">
        <TextInput label="Account Holder" {...form.getInputProps('accountHolder')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="IBAN" placeholder="DE89 3704 0044 0532 0130 00" autoComplete="off" {...form.getInputProps('iban')} />
          <TextInput label="BIC" placeholder="COBADEFFXXX" autoComplete="off" {...form.getInputProps('bic')} />
        </SimpleGrid>
      </FormSection>
      <FormSection title="Numbers and Terms" description="Numbers run without gaps per year: INV-2026-00001, INV-2026-00002…">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Invoice Prefix" placeholder="INV" {...form.getInputProps('invoicePrefix')} />
          <TextInput label="Credit Note Prefix" placeholder="CN" {...form.getInputProps('creditNotePrefix')} />
        </SimpleGrid>
        <Textarea label="Payment Terms" description="Printed under the totals." autosize minRows={2} {...form.getInputProps('paymentTerms')} />
      </FormSection>
    </PageForm>
  );
}

export function BillingTab() {
  const billing = trpc.settings.billing.useQuery();
  if (billing.isPending) return <Loader size="sm" aria-label="Loading billing settings" />;
  if (billing.isError) {
    return (
      <Alert color="red" role="alert">
        {messageOf(billing.error, 'Could not load the billing settings.')}
      </Alert>
    );
  }
  return <BillingForm settings={billing.data} />;
}
