// Add or change a voucher: its code, a percentage or an amount off (typed in the site's currency,
// kept in minor units), the first and last day it may be used, how many times, and whether it is for
// every paid session or chosen events. The server's own schema checks the form.
import { MultiSelect, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { majorToMinor, minorToMajor } from '@server/shared/money';
import { createVoucherInput } from '@server/vouchers/vouchers.schemas';
import type { VoucherDto } from '@server/vouchers/vouchers.service';
import { fieldErrorsOf, trpc } from '@client/trpc';
import { CALENDAR_LABELS } from '@client/features/admin/kit/calendar-labels';
import { FormModal, ModalForm } from '@client/features/admin/kit/FormModal';
import { failureText, notifyError, notifySuccess } from '@client/features/admin/kit/notify';

interface VoucherFormValues {
  code: string;
  kind: 'percent' | 'amount';
  percent: number | string;
  amount: number | string;
  validFrom: string | null;
  validUntil: string | null;
  maxUses: number | string;
  appliesTo: 'all' | 'events';
  eventIds: string[];
}

/** A number field's value as the API takes it: '' is none. */
function numberOrNull(value: number | string): number | null {
  return value === '' ? null : Number(value);
}

/** The form's values as the procedures take them; the amount typed in major units goes as minor units. */
function inputOf(values: VoucherFormValues, currency: string) {
  const amount = numberOrNull(values.amount);
  return {
    code: values.code,
    kind: values.kind,
    percent: values.kind === 'percent' ? numberOrNull(values.percent) : null,
    amountMinor: values.kind === 'amount' && amount !== null ? majorToMinor(amount, currency) : null,
    validFrom: values.validFrom,
    validUntil: values.validUntil,
    maxUses: numberOrNull(values.maxUses),
    appliesTo: values.appliesTo,
    eventIds: values.appliesTo === 'events' ? values.eventIds : [],
  };
}

/** `editing` null: a new voucher. `currency`: the site's, in which amounts are typed. */
export function VoucherFormModal({ opened, editing, currency, onClose }: { opened: boolean; editing: VoucherDto | null; currency: string; onClose: () => void }) {
  return (
    <FormModal opened={opened} onClose={onClose} title={editing === null ? 'New Voucher' : 'Edit Voucher'} size="md">
      <VoucherForm key={editing?.id ?? 'new'} editing={editing} currency={editing?.currency ?? currency} onSaved={onClose} />
    </FormModal>
  );
}

function VoucherForm({ editing, currency, onSaved }: { editing: VoucherDto | null; currency: string; onSaved: () => void }) {
  const utils = trpc.useUtils();
  const events = trpc.events.adminList.useQuery({ page: 1, pageSize: 100 });
  const form = useForm<VoucherFormValues>({
    initialValues: {
      code: editing?.code ?? '',
      kind: editing?.kind ?? 'percent',
      percent: editing?.percent ?? '',
      amount: editing?.amountMinor === null || editing === null ? '' : minorToMajor(editing.amountMinor, currency),
      validFrom: editing?.validFrom ?? null,
      validUntil: editing?.validUntil ?? null,
      maxUses: editing?.maxUses ?? '',
      appliesTo: editing?.appliesTo ?? 'all',
      eventIds: editing?.eventIds ?? [],
    },
    transformValues: (values) => values,
    validate: (values) => {
      const errors = schemaResolver(createVoucherInput, { sync: true })(inputOf(values, currency));
      // The amount is typed in major units: its message goes to the field a person sees.
      const { amountMinor, ...rest } = errors;
      return amountMinor === undefined ? rest : { ...rest, amount: amountMinor };
    },
  });
  const handlers = (done: string, failed: string) => ({
    onSuccess: async () => {
      notifySuccess(done);
      await utils.vouchers.list.invalidate();
      onSaved();
    },
    onError: (error: Parameters<typeof fieldErrorsOf>[0]) => {
      const { amountMinor, ...errors } = fieldErrorsOf(error);
      form.setErrors(amountMinor === undefined ? errors : { ...errors, amount: amountMinor });
      notifyError(failureText(failed, error));
    },
  });
  const create = trpc.vouchers.create.useMutation(handlers('Voucher created', 'Failed to create voucher'));
  const update = trpc.vouchers.update.useMutation(handlers('Voucher saved', 'Failed to save voucher'));
  const eventOptions = (events.data?.items ?? []).map((event) => ({ value: event.id, label: event.title }));
  return (
    <ModalForm
      submitLabel={editing === null ? 'Create Voucher' : 'Save Voucher'}
      saving={create.isPending || update.isPending}
      error={editing === null ? create.error : update.error}
      onSubmit={form.onSubmit((values) => {
        const input = inputOf(values, currency);
        if (editing === null) create.mutate(input);
        else update.mutate({ ...input, id: editing.id });
      })}
    >
      <TextInput label="Code" withAsterisk data-autofocus description="What buyers type on the booking form; upper or lower case does not matter." {...form.getInputProps('code')} />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="voucher-kind">
          Discount
        </Text>
        <SegmentedControl
          aria-labelledby="voucher-kind"
          data={[
            { value: 'percent', label: 'Percentage' },
            { value: 'amount', label: `Amount (${currency})` },
          ]}
          {...form.getInputProps('kind')}
        />
      </Stack>
      {form.values.kind === 'percent' ? (
        <NumberInput label="Percentage off" withAsterisk min={0.01} max={100} decimalScale={2} suffix=" %" description="100 % makes a free booking: confirmed, no invoice." {...form.getInputProps('percent')} />
      ) : (
        <NumberInput label={`Amount off (${currency})`} withAsterisk min={0} decimalScale={2} description="Taken off the booking's price (as prices are entered, with or without tax)." {...form.getInputProps('amount')} />
      )}
      <DatePickerInput label="First day" placeholder="Any day" valueFormat="D MMM YYYY" clearable clearButtonProps={{ 'aria-label': 'Clear First day' }} ariaLabels={CALENDAR_LABELS} {...form.getInputProps('validFrom')} />
      <DatePickerInput label="Last day" placeholder="Any day" valueFormat="D MMM YYYY" clearable clearButtonProps={{ 'aria-label': 'Clear Last day' }} ariaLabels={CALENDAR_LABELS} {...form.getInputProps('validUntil')} />
      <NumberInput label="Uses" min={1} allowDecimal={false} description="How many bookings may use it; empty for no limit. A cancelled booking does not give its use back." {...form.getInputProps('maxUses')} />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="voucher-applies">
          Valid for
        </Text>
        <SegmentedControl
          aria-labelledby="voucher-applies"
          data={[
            { value: 'all', label: 'All paid sessions' },
            { value: 'events', label: 'Chosen events' },
          ]}
          {...form.getInputProps('appliesTo')}
        />
      </Stack>
      {form.values.appliesTo === 'events' && <MultiSelect label="Events" withAsterisk searchable data={eventOptions} {...form.getInputProps('eventIds')} />}
    </ModalForm>
  );
}
