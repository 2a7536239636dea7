// A form field that uploads one file as soon as it is picked: the picked file is previewed at once
// (object URL), a bar shows while it is sent, and the field's value becomes the server's URL. A
// refusal (wrong type, too large, signed out) appears under the field and the previous value stays.
import { Avatar, Box, Button, FileInput, Group, Image, Progress, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { trpc } from '@client/trpc';
import { UPLOAD_KINDS, UploadError, type UploadKind, UPLOAD_FAILED_MESSAGE, uploadFile, uploadHint } from './upload';

export interface MediaUploadProps {
  kind: UploadKind;
  label: string;
  /** The stored file's URL; '' when there is none. */
  value: string;
  onChange: (url: string) => void;
  /** The form's message for this field (e.g. 'Image is required'); an upload failure takes its place. */
  error?: ReactNode;
  withAsterisk?: boolean;
  /** Defaults to the kind's hint, e.g. 'PNG, JPG or GIF up to 10MB'. */
  description?: ReactNode;
  /** Lets a form hold its submit while a file is still being sent. */
  onUploadingChange?: (uploading: boolean) => void;
  disabled?: boolean;
}

/** jsdom and old browsers may lack object URLs; the preview then waits for the server's URL. */
function objectUrlOf(file: File): string | null {
  try {
    return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
  } catch {
    return null;
  }
}

function MediaPreview({ kind, src, label }: { kind: UploadKind; src: string; label: string }) {
  const alt = `${label} preview`;
  if (kind === 'video') {
    return <Box component="video" src={src} controls preload="metadata" aria-label={alt} maw="100%" mah={200} display="block" />;
  }
  if (kind === 'avatar') return <Avatar src={src} alt={alt} size={96} radius="xl" />;
  return <Image src={src} alt={alt} h={160} w="auto" maw="100%" fit="contain" radius="sm" />;
}

export function MediaUpload({
  kind,
  label,
  value,
  onChange,
  error,
  withAsterisk = false,
  description,
  onUploadingChange,
  disabled = false,
}: MediaUploadProps) {
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  // The site's Maximum File Upload Size, which the hint states and the server applies.
  const siteMaxMb = trpc.settings.get.useQuery(undefined, { staleTime: 60_000 }).data?.system.maxFileSize;

  // Each object URL holds the file in memory until revoked.
  useEffect(() => {
    if (previewUrl === null) return undefined;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  // A closed form must not keep sending, nor report into a gone component.
  useEffect(() => () => inFlight.current?.abort(), []);

  function setBusy(busy: boolean) {
    setUploading(busy);
    onUploadingChange?.(busy);
  }

  async function send(picked: File) {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setFile(picked);
    setPreviewUrl(objectUrlOf(picked));
    setUploadError(null);
    setBusy(true);
    try {
      const url = await uploadFile(picked, kind, controller.signal, siteMaxMb);
      if (controller.signal.aborted) return;
      onChange(url);
    } catch (failure) {
      if (controller.signal.aborted) return;
      setUploadError(failure instanceof UploadError ? failure.message : UPLOAD_FAILED_MESSAGE);
      setFile(null);
      setPreviewUrl(null);
    } finally {
      if (inFlight.current === controller) {
        inFlight.current = null;
        setBusy(false);
      }
    }
  }

  function remove() {
    inFlight.current?.abort();
    inFlight.current = null;
    setBusy(false);
    setFile(null);
    setPreviewUrl(null);
    setUploadError(null);
    onChange('');
  }

  const shown = previewUrl ?? (value === '' ? null : value);
  const info = UPLOAD_KINDS[kind];

  return (
    <Stack gap="xs">
      <FileInput
        label={label}
        withAsterisk={withAsterisk}
        description={description ?? uploadHint(kind, siteMaxMb)}
        placeholder={shown === null ? 'Choose a file' : 'Choose a different file'}
        accept={info.accept}
        value={file}
        onChange={(picked) => {
          if (picked !== null) void send(picked);
        }}
        error={uploadError ?? error}
        disabled={disabled}
        fileInputProps={{ 'aria-label': `${label} file` }}
      />
      {uploading && (
        <Stack gap={4}>
          <Progress value={100} striped animated size="sm" aria-label={`Uploading ${label.toLowerCase()}`} />
          <Text size="xs" c="dimmed" role="status">
            Uploading...
          </Text>
        </Stack>
      )}
      {shown !== null && (
        <Group align="flex-end" gap="sm">
          <MediaPreview kind={kind} src={shown} label={label} />
          <Button variant="subtle" color="red" size="compact-sm" onClick={remove} disabled={disabled}>
            Remove {label.toLowerCase()}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
