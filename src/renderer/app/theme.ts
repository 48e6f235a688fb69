import { createTheme, DEFAULT_THEME, type MantineColorsTuple, type MantineThemeComponent } from '@mantine/core';

/**
 * Mantine's light scheme paints filled buttons, badges and text with shade `primaryShade.light`
 * (6 by default) and light variants with shade 9 on shade 1; several default shades fail WCAG AA
 * (blue 6 on white is 3.55:1, yellow 9 on yellow 1 is under 2:1). Every palette here keeps
 * shade 8 at 4.5:1 or more against white (both as text and under white text) and shade 9 at 4.5:1
 * or more on its shade 1, so every variant of every colour is readable without per-page fixes.
 */
function accessible(name: 'red' | 'pink' | 'green' | 'teal' | 'cyan' | 'lime' | 'yellow' | 'orange', shade8: string, shade9: string): MantineColorsTuple {
  const base = DEFAULT_THEME.colors[name];
  return [base[0], base[1], base[2], base[3], base[4], base[5], base[6], base[7], shade8, shade9];
}

const gray = DEFAULT_THEME.colors.gray;

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
  colors: {
    // gray 6 is Mantine's "dimmed" text: #868e96 is 3.32:1 on white; #5c636a is 6:1 and still reads as secondary.
    gray: [gray[0], gray[1], gray[2], gray[3], gray[4], gray[5], '#5c636a', gray[7], gray[8], gray[9]],
    red: accessible('red', '#c92a2a', '#a51d1d'),
    pink: accessible('pink', '#c2255c', '#a61e4d'),
    green: accessible('green', '#1f7a34', '#1a5e2a'),
    teal: accessible('teal', '#0a7558', '#075c45'),
    cyan: accessible('cyan', '#0b7285', '#095c6b'),
    lime: accessible('lime', '#4f7a0c', '#3c5e09'),
    yellow: accessible('yellow', '#8f5700', '#6e4200'),
    orange: accessible('orange', '#b8400b', '#8f320a'),
  },
  // Plain objects rather than Anchor.extend(...) and the like (extend only types its argument):
  // importing the components here would put Drawer, Modal and Table into every page's first download.
  components: {
    // Links must not be told apart by colour alone (WCAG 1.4.1); navigation lists opt out explicitly.
    Anchor: { defaultProps: { underline: 'always' } } satisfies MantineThemeComponent,
    // A status badge ("WARNING") squeezed by a narrow table cell or row would be cut to "WARNI…"; it keeps its width.
    Badge: { styles: { root: { flexShrink: 0, minWidth: 'max-content' } } } satisfies MantineThemeComponent,
    // A link in an alert takes the alert's text colour (dark shade 9, readable on its tinted background);
    // the theme's underline still tells it apart. Blue 8 on the blue alert's shade 1 is only 4.06:1.
    Alert: { styles: { message: { '--mantine-color-anchor': 'currentColor' } } } satisfies MantineThemeComponent,
    // An icon-only close button is otherwise announced as just "button".
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } } satisfies MantineThemeComponent,
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } } satisfies MantineThemeComponent,
    // A table wider than a phone scrolls sideways; keyboard users need to reach it to scroll it (WCAG 2.1.1).
    TableScrollContainer: {
      // The scrolling element is the ScrollArea's viewport: that is what must take focus.
      defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } },
    } satisfies MantineThemeComponent,
  },
});
