// The profile picture: the image (or the initials as a placeholder), a Change Avatar
// button and the hint. The file goes through the kit's uploader at once (kind 'avatar': JPG, GIF or
// PNG, 1 MB, checked by the server); its URL is saved with the profile on Save Changes. The kit's
// MediaUpload is a labelled file field with its own preview, so it is not used for this button.
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { UPLOAD_KINDS } from '@client/features/admin/kit/upload';
import { useImmediateUpload } from '@client/features/admin/kit/use-immediate-upload';

export function AvatarField({
  name,
  url,
  onChange,
  error,
}: {
  name: string;
  url: string | null;
  onChange: (url: string | null) => void;
  error?: ReactNode;
}) {
  const { uploading, failure, upload } = useImmediateUpload('avatar', onChange);

  const message = failure ?? error;
  return (
    <Group gap="lg" align="center">
      <Avatar src={url} name={name} color="navy" size={80} radius="xl" alt={`Avatar of ${name}`} />
      <Stack gap={6}>
        <Group gap="xs">
          <FileButton onChange={(file) => void upload(file)} accept={UPLOAD_KINDS.avatar.accept}>
            {(props) => (
              <Button {...props} variant="default" loading={uploading}>
                Change Avatar
              </Button>
            )}
          </FileButton>
          {url !== null && (
            <Button variant="subtle" color="gray" onClick={() => onChange(null)} disabled={uploading}>
              Remove Avatar
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {UPLOAD_KINDS.avatar.hint}
        </Text>
        {message !== undefined && message !== null && (
          <Text size="sm" c="red" role="alert">
            {message}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
