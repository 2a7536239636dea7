// The kinds of consultation offered: a table, and for admins a form to add, change or delete one.
import { Alert, Badge, Button, Checkbox, Group, Modal, MultiSelect, NumberInput, Select, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { consultationTypeInput } from '@server/consultations/consultations.schemas';
import { ScrollTable } from '@client/features/admin/kit/ScrollTable';
import { TranslatedTextFields, translationsForForm } from '@client/features/admin/kit/TranslatedTextFields';
import { fieldErrorsOf, messageOf, type RouterOutputs, trpc } from '@client/trpc';

type TypeRow = RouterOutputs['consultations']['types']['all'][number];
const LOCATION_WORDS = { video: 'Video call', phone: 'Phone call', address: 'In person' } as const;
const TRANSLATED_FIELDS = [
  { key: 'title', label: 'title' },
  { key: 'description', label: 'description', multiline: true },
] as const;
const TRANSLATED_KEYS = TRANSLATED_FIELDS.map((field) => field.key);

export function ConsultationTypes({ canEdit }: { canEdit: boolean }) {
  const types = trpc.consultations.types.all.useQuery();
  const [editing, setEditing] = useState<TypeRow | 'new' | null>(null);
  const utils = trpc.useUtils();
  const remove = trpc.consultations.types.delete.useMutation({ onSuccess: () => void utils.consultations.types.all.invalidate() });
  return (
    <Stack gap="md">
      {canEdit && (
        <Group>
          <Button onClick={() => setEditing('new')}>Add a type</Button>
        </Group>
      )}
      {remove.isError && <Alert color="red" title="The type was not deleted">{messageOf(remove.error, 'Please try again.')}</Alert>}
      <ScrollTable minWidth={640} label="Consultation types list">
        <Table striped aria-label="Consultation types">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Title</Table.Th>
              <Table.Th>Duration</Table.Th>
              <Table.Th>Where</Table.Th>
              <Table.Th>Staff</Table.Th>
              <Table.Th>Status</Table.Th>
              {canEdit && <Table.Th>Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(types.data ?? []).map((type) => (
              <Table.Tr key={type.id}>
                <Table.Td>{type.title}</Table.Td>
                <Table.Td>{type.durationMinutes} min</Table.Td>
                <Table.Td>{LOCATION_WORDS[type.locationKind]}</Table.Td>
                <Table.Td>{type.staffIds.length}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={type.isActive ? 'teal' : 'gray'} tt="none">
                    {type.isActive ? 'Active' : 'Inactive'}
                  </Badge>
                </Table.Td>
                {canEdit && (
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button size="compact-sm" variant="default" onClick={() => setEditing(type)}>
                        Edit
                      </Button>
                      <Button size="compact-sm" variant="default" color="red" onClick={() => window.confirm(`Delete ${type.title}?`) && remove.mutate({ id: type.id })}>
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {types.isSuccess && types.data.length === 0 && <Text c="dimmed">No consultation types yet.</Text>}
      {editing !== null && <TypeForm type={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

function TypeForm({ type, onClose }: { type: TypeRow | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const staff = trpc.users.list.useQuery({ pageSize: 100 });
  const [values, setValues] = useState({
    title: type?.title ?? '',
    description: type?.description ?? '',
    translations: translationsForForm(TRANSLATED_KEYS, type?.translations),
    durationMinutes: type?.durationMinutes ?? 30,
    locationKind: type?.locationKind ?? ('video' as TypeRow['locationKind']),
    locationDetail: type?.locationDetail ?? '',
    meetingLinks: type?.meetingLinks ?? ('fixed' as TypeRow['meetingLinks']),
    bufferBeforeMinutes: type?.bufferBeforeMinutes ?? 0,
    bufferAfterMinutes: type?.bufferAfterMinutes ?? 0,
    minNoticeHours: type?.minNoticeHours ?? 12,
    horizonDays: type?.horizonDays ?? 60,
    maxPerDay: type?.maxPerDay ?? null,
    isActive: type?.isActive ?? true,
    allowPickConsultant: type?.allowPickConsultant ?? false,
    staffIds: type?.staffIds ?? [],
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const done = () => {
    void utils.consultations.types.all.invalidate();
    onClose();
  };
  const create = trpc.consultations.types.create.useMutation({ onSuccess: done, onError: (error) => setErrors(fieldErrorsOf(error)) });
  const update = trpc.consultations.types.update.useMutation({ onSuccess: done, onError: (error) => setErrors(fieldErrorsOf(error)) });
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => setValues((current) => ({ ...current, [key]: value }));
  const number = (value: string | number) => (typeof value === 'number' ? value : Number(value));

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = consultationTypeInput.safeParse(values);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] === 'translations' ? issue.path.join('.') : String(issue.path[0])] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    if (type === null) create.mutate(values);
    else update.mutate({ ...values, id: type.id });
  }

  return (
    <Modal opened onClose={onClose} title={type === null ? 'Add a consultation type' : `Edit ${type.title}`} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TranslatedTextFields
            label="Consultation type texts"
            english={
              <>
                <TextInput label="Title" required value={values.title} onChange={(event) => set('title', event.currentTarget.value)} error={errors.title} />
                <Textarea label="Description" autosize minRows={2} value={values.description} onChange={(event) => set('description', event.currentTarget.value)} error={errors.description} />
              </>
            }
            fields={TRANSLATED_FIELDS}
            values={values.translations}
            onChange={(code, key, value) => set('translations', { ...values.translations, [code]: { ...values.translations[code], [key]: value } })}
            errorOf={(code, key) => errors[`translations.${code}.${key}`]}
          />
          <NumberInput label="Duration (minutes)" min={15} max={240} value={values.durationMinutes} onChange={(value) => set('durationMinutes', number(value))} error={errors.durationMinutes} />
          <Select
            label="Location"
            data={[
              { value: 'video', label: 'Video call' },
              { value: 'phone', label: 'Phone call (the consultant calls)' },
              { value: 'address', label: 'In person' },
            ]}
            value={values.locationKind}
            allowDeselect={false}
            onChange={(value) => value !== null && set('locationKind', value as TypeRow['locationKind'])}
          />
          {values.locationKind === 'video' && (
            <Select
              label="Meeting link"
              data={[
                { value: 'fixed', label: 'One link for every consultation' },
                { value: 'per-consultation', label: 'A room of its own per consultation (from the meeting base URL in Settings)' },
              ]}
              value={values.meetingLinks}
              allowDeselect={false}
              onChange={(value) => value !== null && set('meetingLinks', value as TypeRow['meetingLinks'])}
              error={errors.meetingLinks}
            />
          )}
          {values.locationKind !== 'phone' && !(values.locationKind === 'video' && values.meetingLinks === 'per-consultation') && (
            <TextInput label={values.locationKind === 'video' ? 'Video-call link' : 'Address'} value={values.locationDetail} onChange={(event) => set('locationDetail', event.currentTarget.value)} error={errors.locationDetail} />
          )}
          <Group grow>
            <NumberInput label="Buffer before (min)" min={0} max={240} value={values.bufferBeforeMinutes} onChange={(value) => set('bufferBeforeMinutes', number(value))} error={errors.bufferBeforeMinutes} />
            <NumberInput label="Buffer after (min)" min={0} max={240} value={values.bufferAfterMinutes} onChange={(value) => set('bufferAfterMinutes', number(value))} error={errors.bufferAfterMinutes} />
          </Group>
          <Group grow>
            <NumberInput label="Minimum notice (hours)" min={0} max={720} value={values.minNoticeHours} onChange={(value) => set('minNoticeHours', number(value))} error={errors.minNoticeHours} />
            <NumberInput label="Bookable ahead (days)" min={1} max={365} value={values.horizonDays} onChange={(value) => set('horizonDays', number(value))} error={errors.horizonDays} />
          </Group>
          <NumberInput label="At most a day per consultant" description="Empty: no limit" min={1} max={48} value={values.maxPerDay ?? ''} onChange={(value) => set('maxPerDay', value === '' ? null : number(value))} error={errors.maxPerDay} />
          <MultiSelect label="Staff who take it" data={(staff.data?.items ?? []).map((member) => ({ value: member.id, label: member.name }))} value={values.staffIds} onChange={(value) => set('staffIds', value)} error={errors.staffIds} searchable />
          <Checkbox label="Active (visitors can book it)" checked={values.isActive} onChange={(event) => set('isActive', event.currentTarget.checked)} />
          <Checkbox label="Visitors may pick the consultant" checked={values.allowPickConsultant} onChange={(event) => set('allowPickConsultant', event.currentTarget.checked)} />
          {(create.isError || update.isError) && Object.keys(errors).length === 0 && (
            <Alert color="red" title="The type was not saved">
              {messageOf(create.error ?? update.error, 'Please try again.')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
