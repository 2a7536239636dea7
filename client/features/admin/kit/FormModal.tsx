// Every back-office form in a modal has one shape: the title, the fields, the form's own error (see
// FormError) and a footer with Cancel on the left of the primary action. Enter in a field submits.
// While saving, the primary action spins and the modal cannot be closed (Cancel, Close, Escape), so a
// save never lands behind a form that looks abandoned.
//
// The footer stays in view at the bottom of the modal while a long form scrolls (FormModal.module.css).
//
// FormModal is the modal; ModalForm, the form inside it, belongs to the component that owns the
// fields and the save, which FormModal mounts afresh at every opening.
import { Button, Group, Modal, type ModalProps, Stack } from '@mantine/core';
import { createContext, type FormEvent, type ReactNode, useContext, useEffect, useState } from 'react';
import { FormError, type FormFailure } from './FormError';
import classes from './FormModal.module.css';

interface Scope {
  close: () => void;
  setSaving: (saving: boolean) => void;
}

const ModalScope = createContext<Scope>({ close: () => undefined, setSaving: () => undefined });

export interface FormModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: ModalProps['size'];
  /** For a modal of a Modal.Stack (the session wizard and the modals it opens). */
  stackId?: string;
  /** Mounted only while open, so a form starts from its record (or blank) every time. */
  children: ReactNode;
}

export function FormModal({ opened, onClose, title, size = 'lg', stackId, children }: FormModalProps) {
  const [saving, setSaving] = useState(false);
  const close = () => {
    if (!saving) onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      size={size}
      stackId={stackId}
      classNames={{ content: classes.content }}
      // A stray click beside the form must not throw away what was typed.
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close', disabled: saving }}
    >
      <ModalScope.Provider value={{ close, setSaving }}>{opened && children}</ModalScope.Provider>
    </Modal>
  );
}

export interface ModalFormProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The primary action, e.g. 'Create Booking'. */
  submitLabel: string;
  saving?: boolean;
  submitDisabled?: boolean;
  /** 'red' when the action takes something away (Turn Off). */
  submitColor?: string;
  error?: FormFailure;
  errorTitle?: string;
  /** On the left of the footer: the wizard's Previous. */
  footerStart?: ReactNode;
  children: ReactNode;
}

export function ModalForm({
  onSubmit,
  submitLabel,
  saving = false,
  submitDisabled,
  submitColor,
  error,
  errorTitle,
  footerStart,
  children,
}: ModalFormProps) {
  const { close, setSaving } = useContext(ModalScope);
  useEffect(() => {
    setSaving(saving);
    return () => setSaving(false);
  }, [saving, setSaving]);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // The modal is a portal, yet React bubbles its submit up the component tree to any form the
        // modal was opened from (a Settings tab, the session wizard): it ends here.
        event.stopPropagation();
        onSubmit(event);
      }}
    >
      <Stack gap="sm">
        {children}
        <FormError error={error} title={errorTitle} />
        <Group justify="space-between" gap="sm" mt="sm" className={classes.footer}>
          <div>{footerStart}</div>
          <Group gap="sm">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" color={submitColor} loading={saving} disabled={submitDisabled}>
              {submitLabel}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
