// The event's registration questions on the booking form, after the participant's fields: one
// input each, as its kind asks, with its help text and the server's (or the check's) message under it.
import { Checkbox, Group, Radio, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { ANSWER_LIMITS, answerField, type AskedQuestion, countryOptions, questionIn } from '@server/registration-questions/registration-questions.schemas';
import { useTranslator } from '@client/i18n';

type AnswerValue = string | string[];

/** What the form gives each input: Mantine's getInputProps for the answer's field. */
interface InputProps {
  value?: unknown;
  onChange?: unknown;
  error?: unknown;
}

interface QuestionFieldsProps {
  questions: readonly AskedQuestion[];
  inputProps: (field: string) => InputProps;
}

/** The countries by name in each page's language, made on first use. */
const countries = new Map<string, { value: string; label: string }[]>();

export function QuestionFields({ questions, inputProps }: QuestionFieldsProps) {
  if (questions.length === 0) return null;
  return (
    <Stack gap="md">
      {questions.map((question) => (
        <QuestionField key={question.id} question={question} field={answerField(question.id)} props={inputProps(answerField(question.id))} />
      ))}
    </Stack>
  );
}

function QuestionField({ question, field, props }: { question: AskedQuestion; field: string; props: InputProps }) {
  const { t, locale, language } = useTranslator();
  // The firm's words in the page's language when translated; an answer is still the English choice.
  const shown = questionIn(question, language);
  // data-path: the form finds the input by it, to focus the first question to correct.
  const common = {
    'data-path': field,
    label: shown.label,
    description: shown.helpText ?? undefined,
    withAsterisk: question.required,
    error: typeof props.error === 'string' ? props.error : undefined,
  };
  const onChange = props.onChange as (value: AnswerValue | React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  const text = typeof props.value === 'string' ? props.value : '';
  switch (question.kind) {
    case 'short_text':
      return <TextInput {...common} value={text} onChange={onChange} maxLength={ANSWER_LIMITS.short_text} />;
    case 'long_text':
      return <Textarea {...common} value={text} onChange={onChange} autosize minRows={3} maxLength={ANSWER_LIMITS.long_text} />;
    case 'one_choice':
      return (
        <Radio.Group {...common} value={text} onChange={onChange}>
          <Stack gap={6} mt={4}>
            {shown.choices.map((choice) => (
              <Radio key={choice.value} value={choice.value} label={choice.label} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'many_choices':
      return (
        <Checkbox.Group {...common} value={Array.isArray(props.value) ? (props.value as string[]) : []} onChange={onChange}>
          <Stack gap={6} mt={4}>
            {shown.choices.map((choice) => (
              <Checkbox key={choice.value} value={choice.value} label={choice.label} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'yes_no':
      return (
        <Radio.Group {...common} value={text} onChange={onChange}>
          <Group gap="lg" mt={4}>
            <Radio value="yes" label={t('booking.question.yes')} />
            <Radio value="no" label={t('booking.question.no')} />
          </Group>
        </Radio.Group>
      );
    case 'country': {
      let options = countries.get(locale);
      if (options === undefined) {
        options = countryOptions(locale);
        countries.set(locale, options);
      }
      return (
        <Select
          {...common}
          data={options}
          value={text === '' ? null : text}
          onChange={(value) => onChange(value ?? '')}
          searchable
          placeholder={t('booking.question.country')}
          nothingFoundMessage={t('booking.question.noCountry')}
          autoComplete="country"
        />
      );
    }
  }
}
