import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import type { User } from './api/types';
import { breakpoints, fontSizes, spacing } from './constants';

/** The user's theme as the API stores it. */
export type ThemePreference = User['themePreference'];
export type Scheme = 'light' | 'dark';

/** The seed's theme action: an unknown one resets to light. */
export function schemeOf(pref: string | undefined | null): Scheme {
  return pref === 'DARK_MODE' ? 'dark' : 'light';
}

export function preferenceOfScheme(s: Scheme): ThemePreference {
  return s === 'dark' ? 'DARK_MODE' : 'LIGHT_MODE';
}

const px = (n: number) => `${n / 16}rem`;

// Primary blue and the orange accent (toggles), as Mantine ten-shade tuples.
const blue: MantineColorsTuple = ['#e7f5ff', '#d0ebff', '#a5d8ff', '#74c0fc', '#4dabf7', '#339af0', '#228be6', '#1c7ed6', '#1971c2', '#1864ab'];
const orange: MantineColorsTuple = ['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#ff922b', '#fd7e14', '#f76707', '#e8590c', '#d9480f'];

export const theme = createTheme({
  primaryColor: 'brand',
  // Shade 8 keeps white text on filled buttons above 4.5:1 in both schemes;
  // autoContrast puts dark text on light fills (orange, green, light reds).
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  luminanceThreshold: 0.2,
  colors: { brand: blue, accent: orange },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  breakpoints: {
    xs: px(breakpoints.mobile),
    sm: px(breakpoints.tablet),
    md: px(breakpoints.laptop),
    lg: px(breakpoints.desktop),
    xl: px(1400),
  },
  spacing: { xs: px(spacing.xs), sm: px(spacing.sm), md: px(spacing.md), lg: px(spacing.lg), xl: px(spacing.xl) },
  fontSizes: { xs: px(fontSizes.xs), sm: px(fontSizes.sm), md: px(fontSizes.md), lg: px(fontSizes.lg), xl: px(fontSizes.xl) },
  headings: {
    sizes: {
      h1: { fontSize: px(fontSizes.xl) },
      h2: { fontSize: px(fontSizes.lg) },
      h3: { fontSize: px(fontSizes.md) },
    },
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    // Mantine draws a dialog's title bar as <header>, a second page banner
    // beside the navigation bar for screen readers; a plain box is right.
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
  },
});

/** Each scheme's own palette, as CSS variables the app uses directly. */
export const cssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    // Mantine's green 9 is 4.4:1 on white; this one is 5.3:1, like the expenses red.
    '--cc-earnings': '#2b7a3b',
    '--cc-expenses': '#c92a2a',
    '--cc-accent': '#e8590c',
    '--cc-surface': '#ffffff',
    '--cc-sidebar': '#f8f9fa',
    '--cc-border': '#dee2e6',
    '--cc-muted': '#5c636a',
    // Mantine's dimmed grey is 3.3:1 on white; this one is 6:1.
    '--mantine-color-dimmed': '#5c636a',
    // A field's error: Mantine's red 6 is 3.3:1 on white; this one (the expenses red) is 5.3:1.
    '--mantine-color-error': '#c92a2a',
  },
  dark: {
    '--cc-earnings': '#69db7c',
    '--cc-expenses': '#ff8787',
    '--cc-accent': '#ffa94d',
    '--cc-surface': '#1f2024',
    '--cc-sidebar': '#18191c',
    '--cc-border': '#373a40',
    '--cc-muted': '#a6a7ab',
    // Mantine's dimmed grey is 4:1 on the dark body; this one is 6.5:1.
    '--mantine-color-dimmed': '#a6a7ab',
    // A field's error: Mantine's red 8 is 3:1 on a dark input; this one is 5.7:1.
    '--mantine-color-error': '#ff8787',
  },
});
