// The editor of an event's registration questions: the whole list, in order, saved at once. Each
// question has a kind, its words, an optional help text, whether it must be answered and, for the
// choice kinds, its choices one per line. Earlier answers keep the question as it was asked.
import { ActionIcon, Button, Card, Group, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  hasChoices,
  QUESTION_KIND_LABELS,
  QUESTION_KINDS,
  type QuestionKind,
  type RegistrationQuestionInput,
  saveRegistrationQuestionsInput,
} from '@server/registration-questions/registration-questions.schemas';
import { fieldErrorsOf, type RouterOutputs, trpc } from '@client/trpc';
import { FormModal, ModalForm } from '@client/features/admin/kit/FormModal';
import { ArrowIcon, DeleteIcon, PlusIcon } from '@client/features/admin/kit/icons';
import { failureText, notifySuccess } from '@client/features/admin/kit/notify';
import { type TranslatedField, type TranslatedFormTexts, TranslatedTextFields, translationsForForm } from '@client/features/admin/kit/TranslatedTextFields';
import { TRANSLATED_LANGUAGES } from '@server/shared/i18n/languages';

type Question = RouterOutputs['registrationQuestions']['forEvent'][number];

interface Draft {
  /** A key for React that stays put while the list is reordered. */
  key: string;
  id?: string | undefined;
  kind: QuestionKind;
  label: string;
  helpText: string;
  required: boolean;
  /** One choice per line. */
  choices: string;
  /** Label, help text and choices (one per line, in the English order) in the other languages. */
  translations: TranslatedFormTexts<TranslatedKey>;
}

type TranslatedKey = 'label' | 'helpText' | 'choices';
const TRANSLATED_KEYS: readonly TranslatedKey[] = ['label', 'helpText', 'choices'];

function linesOf(text: string): string[] {
  return text.split('\n').map((line) => line.trim());
}

/** The English choices as the question stores them: one per non-blank line. */
function choicesOf(text: string): string[] {
  return linesOf(text).filter((line) => line !== '');
}

/** The translated texts of a draft; the choices only for a kind that has them. */
function translatedFields(draft: Draft): TranslatedField<TranslatedKey>[] {
  const fields: TranslatedField<TranslatedKey>[] = [
    { key: 'label', label: 'question' },
    { key: 'helpText', label: 'help text' },
  ];
  if (!hasChoices(draft.kind)) return fields;
  const wanted = choicesOf(draft.choices).length;
  return [
    ...fields,
    {
      key: 'choices',
      label: 'choices, one per line in the same order',
      multiline: true,
      // Missing while any English choice has no line beside it.
      missing: (value) => linesOf(value).slice(0, wanted).filter((line) => line !== '').length < wanted,
    },
  ];
}

let draftCounter = 0;
function newKey(): string {
  draftCounter += 1;
  return `draft-${draftCounter}`;
}

function toDraft(question: Question): Draft {
  const stored = Object.fromEntries(
    TRANSLATED_LANGUAGES.map((code) => {
      const texts = question.translations[code];
      return [code, { label: texts?.label ?? null, helpText: texts?.helpText ?? null, choices: (texts?.choices ?? []).map((choice) => choice ?? '').join('\n') }];
    }),
  );
  return {
    key: question.id,
    id: question.id,
    kind: question.kind,
    label: question.label,
    helpText: question.helpText ?? '',
    required: question.required,
    choices: question.choices.join('\n'),
    translations: translationsForForm(TRANSLATED_KEYS, stored),
  };
}

function toInput(draft: Draft): RegistrationQuestionInput {
  return {
    ...(draft.id === undefined ? {} : { id: draft.id }),
    kind: draft.kind,
    label: draft.label,
    helpText: draft.helpText,
    required: draft.required,
    choices: hasChoices(draft.kind) ? choicesOf(draft.choices) : [],
    translations: Object.fromEntries(
      TRANSLATED_LANGUAGES.map((code) => {
        const texts = draft.translations[code];
        return [code, { label: texts.label, helpText: texts.helpText, choices: hasChoices(draft.kind) ? linesOf(texts.choices).slice(0, choicesOf(draft.choices).length) : [] }];
      }),
    ),
  };
}

const KIND_OPTIONS = QUESTION_KINDS.map((kind) => ({ value: kind, label: QUESTION_KIND_LABELS[kind] }));

interface QuestionsModalProps {
  event: { id: string; title: string } | null;
  opened: boolean;
  onClose: () => void;
}

export function QuestionsModal({ event, opened, onClose }: QuestionsModalProps) {
  return (
    <FormModal opened={opened && event !== null} onClose={onClose} title={`Registration questions: ${event?.title ?? ''}`} size="xl">
      {event !== null && <QuestionsForm eventId={event.id} onClose={onClose} />}
    </FormModal>
  );
}

function QuestionsForm({ eventId, onClose }: { eventId: string; onClose: () => void }) {
  const questions = trpc.registrationQuestions.forEvent.useQuery({ eventId });
  if (questions.isPending) return <Text size="sm">Loading questions...</Text>;
  if (questions.isError) return <Text c="red">{failureText('Failed to load the questions', questions.error)}</Text>;
  return <QuestionsEditor eventId={eventId} initial={questions.data} onClose={onClose} />;
}

function QuestionsEditor({ eventId, initial, onClose }: { eventId: string; initial: Question[]; onClose: () => void }) {
  const [drafts, setDrafts] = useState<Draft[]>(() => initial.map(toDraft));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const utils = trpc.useUtils();
  const save = trpc.registrationQuestions.save.useMutation({
    onSuccess: async () => {
      await utils.registrationQuestions.forEvent.invalidate({ eventId });
      notifySuccess('Questions saved');
      onClose();
    },
    onError: (error) => setErrors(fieldErrorsOf(error)),
  });

  const update = (index: number, change: Partial<Draft>) => setDrafts((list) => list.map((draft, at) => (at === index ? { ...draft, ...change } : draft)));
  const move = (index: number, by: -1 | 1) =>
    setDrafts((list) => {
      const next = [...list];
      const [moved] = next.splice(index, 1);
      if (moved !== undefined) next.splice(index + by, 0, moved);
      return next;
    });

  return (
    <ModalForm
      submitLabel="Save Questions"
      saving={save.isPending}
      error={save.error}
      onSubmit={() => {
        const input = { eventId, questions: drafts.map(toInput) };
        const checked = saveRegistrationQuestionsInput.safeParse(input);
        if (!checked.success) {
          const found: Record<string, string> = {};
          for (const issue of checked.error.issues) found[issue.path.map(String).join('.')] ??= issue.message;
          setErrors(found);
          return;
        }
        setErrors({});
        save.mutate(input);
      }}
    >
      <Text size="sm" c="dimmed">
        The booking form asks these after the name, e-mail and phone, in this order. Changing or removing a question keeps the answers already given.
      </Text>
      {drafts.length === 0 && <Text size="sm">This event asks no questions yet.</Text>}
      {drafts.map((draft, index) => {
        const field = (name: string) => errors[`questions.${index}.${name}`];
        const name = draft.label.trim() === '' ? `question ${index + 1}` : draft.label;
        return (
          <Card key={draft.key} withBorder padding="sm" component="fieldset" aria-label={`Question ${index + 1}`}>
            <Stack gap="xs">
              <Select
                label="Kind"
                data={KIND_OPTIONS}
                value={draft.kind}
                onChange={(value) => value !== null && update(index, { kind: value as QuestionKind })}
                allowDeselect={false}
                w={170}
              />
              <TranslatedTextFields
                label={`Question ${index + 1} texts`}
                english={
                  <>
                    <TextInput label="Question" withAsterisk value={draft.label} onChange={(e) => update(index, { label: e.currentTarget.value })} error={field('label')} />
                    <TextInput label="Help text" value={draft.helpText} onChange={(e) => update(index, { helpText: e.currentTarget.value })} error={field('helpText')} />
                    {hasChoices(draft.kind) && (
                      <Textarea
                        label="Choices, one per line"
                        autosize
                        minRows={3}
                        value={draft.choices}
                        onChange={(e) => update(index, { choices: e.currentTarget.value })}
                        error={field('choices')}
                      />
                    )}
                  </>
                }
                fields={translatedFields(draft)}
                values={draft.translations}
                onChange={(code, key, value) => update(index, { translations: { ...draft.translations, [code]: { ...draft.translations[code], [key]: value } } })}
                errorOf={(code, key) => field(`translations.${code}.${key}`) ?? (key === 'choices' ? errors[`questions.${index}.translations.${code}.choices.0`] : undefined)}
              />
              <Group justify="space-between">
                <Switch label="Must be answered" checked={draft.required} onChange={(e) => update(index, { required: e.currentTarget.checked })} />
                <Group gap={4}>
                  <ActionIcon variant="subtle" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                    <ArrowIcon direction="up" />
                  </ActionIcon>
                  <ActionIcon variant="subtle" aria-label={`Move ${name} down`} disabled={index === drafts.length - 1} onClick={() => move(index, 1)}>
                    <ArrowIcon direction="down" />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="red" aria-label={`Remove ${name}`} onClick={() => setDrafts((list) => list.filter((_, at) => at !== index))}>
                    <DeleteIcon />
                  </ActionIcon>
                </Group>
              </Group>
            </Stack>
          </Card>
        );
      })}
      {errors.questions !== undefined && <Text c="red" size="sm">{errors.questions}</Text>}
      <Button
        variant="light"
        leftSection={<PlusIcon />}
        onClick={() =>
          setDrafts((list) => [...list, { key: newKey(), kind: 'short_text', label: '', helpText: '', required: false, choices: '', translations: translationsForForm(TRANSLATED_KEYS, undefined) }])
        }
      >
        Add Question
      </Button>
    </ModalForm>
  );
}
