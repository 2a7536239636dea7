// Mantine's styles for the public pages, component by component: the whole sheet is about 40 kB
// gzipped, which a phone would download before painting the home page. The back office and the
// sign-in pages import the whole sheet in their own chunks; the booking pages and the contact form
// import what they add in theirs.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
// The typefaces (fonts.css): Inter's latin subset, every weight, and Source Serif 4 bold for display.
import '@fontsource-variable/inter/wght.css';
import '@fontsource/source-serif-4/latin-700.css';
import './fonts.css';
import './brand.css';
