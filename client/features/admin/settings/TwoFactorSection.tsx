// The Security tab's Two-Factor Authentication switch. Turning it on opens the enrolment: a QR code
// drawn here in the browser (the key never goes to an outside service) and the key as text, then a
// current code from the app to finish, then the 10 recovery codes, shown this once with Copy and
// Download. Turning it off asks for the password and a current code.
import { Alert, Button, Code, Group, Image, PasswordInput, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { fieldErrorsOf, messageOf, trpc } from '@client/trpc';
import { FormModal, ModalForm } from '@client/features/admin/kit/FormModal';
import { notifySuccess } from '@client/features/admin/kit/notify';

type Dialog = 'none' | 'enrol' | 'disable';

export function TwoFactorSection({ enabled }: { enabled: boolean }) {
  const [dialog, setDialog] = useState<Dialog>('none');
  return (
    <>
      <Switch
        label="Two-Factor Authentication"
        description={
          enabled
            ? 'On: signing in asks for a code from your authenticator app.'
            : 'Off: turn on to ask for a code from an authenticator app when you sign in.'
        }
        checked={enabled}
        onChange={() => setDialog(enabled ? 'disable' : 'enrol')}
      />
      {dialog === 'enrol' && <EnrolDialog onClose={() => setDialog('none')} />}
      {dialog === 'disable' && <DisableDialog onClose={() => setDialog('none')} />}
    </>
  );
}

function useSetEnabled() {
  const utils = trpc.useUtils();
  return (twoFactorEnabled: boolean) =>
    utils.settings.get.setData(undefined, (old) => (old === undefined ? old : { ...old, security: { ...old.security, twoFactorEnabled } }));
}

function EnrolDialog({ onClose }: { onClose: () => void }) {
  const setEnabled = useSetEnabled();
  const [qrSvg, setQrSvg] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ password?: string | undefined; code?: string | undefined }>({});
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const setup = trpc.auth.twoFactor.setup.useMutation({
    onSuccess: async ({ uri }) => setQrSvg(await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })),
  });
  const enable = trpc.auth.twoFactor.enable.useMutation({
    onSuccess: ({ recoveryCodes: codes }) => {
      setRecoveryCodes(codes);
      setEnabled(true);
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      if (fields.password !== undefined) setErrors({ password: fields.password });
      else setErrors({ code: fields.code ?? messageOf(error, 'Could not turn on two-factor authentication.') });
    },
  });
  const { mutate: startSetup } = setup;
  useEffect(() => startSetup(), [startSetup]);

  const submit = () => {
    const missing = {
      code: code.trim() === '' ? 'Verification code is required' : undefined,
      password: password === '' ? 'Password is required' : undefined,
    };
    setErrors(missing);
    if (missing.code === undefined && missing.password === undefined) enable.mutate({ password, code });
  };

  return (
    <FormModal opened onClose={onClose} title="Set Up Two-Factor Authentication" size="md">
      {recoveryCodes !== null ? (
        <RecoveryCodes codes={recoveryCodes} onDone={onClose} />
      ) : (
        <ModalForm
          submitLabel="Verify and Turn On"
          saving={enable.isPending}
          submitDisabled={setup.data === undefined}
          error={setup.error === null ? null : messageOf(setup.error, 'Could not start the set-up.')}
          onSubmit={submit}
        >
          <Text size="sm">1. Scan this QR code with an authenticator app (for example Google Authenticator, 1Password or Authy).</Text>
          {qrSvg !== null && setup.data !== undefined ? (
            <>
              <Image
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`}
                alt="QR code for your authenticator app"
                w={200}
                h={200}
                mx="auto"
              />
              <Text size="sm">
                Can&apos;t scan it? Enter this key in the app: <Code data-testid="two-factor-secret">{setup.data.secret}</Code>
              </Text>
            </>
          ) : (
            setup.error === null && <Text size="sm" c="dimmed">Preparing your key...</Text>
          )}
          <TextInput
            label="Verification Code"
            description="2. Enter the 6-digit code the app shows."
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            data-autofocus
            value={code}
            error={errors.code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
          <PasswordInput
            label="Current Password"
            description="3. Confirm with your password. Your other signed-in sessions will end."
            autoComplete="current-password"
            value={password}
            error={errors.password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
        </ModalForm>
      )}
    </FormModal>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join('\n')}\n`;
  const [copied, setCopied] = useState(false);
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="md">
      <Alert color="green" title="Two-factor authentication is on">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only
        now.
      </Alert>
      <SimpleGrid cols={2} spacing="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code} style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>
            {code}
          </li>
        ))}
      </SimpleGrid>
      <Group justify="space-between">
        <Group gap="xs">
          <Button
            variant="default"
            onClick={() => {
              void navigator.clipboard.writeText(text).then(() => setCopied(true));
            }}
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
          <Button variant="default" onClick={download}>
            Download
          </Button>
        </Group>
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}

function DisableDialog({ onClose }: { onClose: () => void }) {
  const setEnabled = useSetEnabled();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string; general?: string }>({});
  const disable = trpc.auth.twoFactor.disable.useMutation({
    onSuccess: () => {
      setEnabled(false);
      notifySuccess('Two-factor authentication turned off');
      onClose();
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      if (fields.password !== undefined || fields.code !== undefined) setErrors({ password: fields.password, code: fields.code });
      else setErrors({ general: messageOf(error, 'Could not turn off two-factor authentication.') });
    },
  });
  const submit = () => {
    const missing = {
      password: password === '' ? 'Password is required' : undefined,
      code: code.trim() === '' ? 'Verification code is required' : undefined,
    };
    setErrors(missing);
    if (missing.password === undefined && missing.code === undefined) disable.mutate({ password, code });
  };
  return (
    <FormModal opened onClose={onClose} title="Turn Off Two-Factor Authentication" size="md">
      <ModalForm submitLabel="Turn Off" submitColor="red" saving={disable.isPending} error={errors.general} onSubmit={submit}>
        <Text size="sm">Enter your password and a current code from your app (or a recovery code).</Text>
        <PasswordInput
          label="Current Password"
          autoComplete="current-password"
          data-autofocus
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <TextInput
          label="Verification Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          error={errors.code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
      </ModalForm>
    </FormModal>
  );
}
