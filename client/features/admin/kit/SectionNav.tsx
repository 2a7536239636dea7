// The sections of a long page form, to jump between them: a list of links that stays in view beside
// the form on a wide screen, a "Go to section" select above it on a phone. A jump scrolls the
// section (a FormSection with that id) into view and moves the focus to it, so a keyboard or screen
// reader user lands where a sighted one looks.
import { Box, NavLink, Select, Stack, Text } from '@mantine/core';
import type { MouseEvent } from 'react';

export interface PageSection {
  id: string;
  title: string;
}

function goTo(id: string): void {
  const section = document.getElementById(id);
  if (section === null) return;
  section.scrollIntoView({ block: 'start' });
  if (!section.hasAttribute('tabindex')) section.setAttribute('tabindex', '-1');
  section.focus({ preventScroll: true });
}

/** The list of links, for the column beside the form (wide screens only). */
export function SectionNavList({ sections, label }: { sections: readonly PageSection[]; label: string }) {
  return (
    <Box component="nav" aria-label={label} visibleFrom="md" style={{ position: 'sticky', top: 72 }}>
      <Stack gap={2}>
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pb={4}>
          Sections
        </Text>
        {sections.map((section) => (
          <NavLink
            key={section.id}
            href={`#${section.id}`}
            label={section.title}
            onClick={(event: MouseEvent<HTMLAnchorElement>) => {
              event.preventDefault();
              goTo(section.id);
            }}
          />
        ))}
      </Stack>
    </Box>
  );
}

/** The select, above the form (phones and narrow windows only). */
export function SectionNavSelect({ sections }: { sections: readonly PageSection[] }) {
  return (
    <Box hiddenFrom="md">
      <Select
        label="Go to section"
        placeholder="Choose a section"
        data={sections.map((section) => ({ value: section.id, label: section.title }))}
        value={null}
        onChange={(id) => {
          if (id !== null) goTo(id);
        }}
      />
    </Box>
  );
}
