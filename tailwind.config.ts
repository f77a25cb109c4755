// Theme tokens. Tailwind 4 reads them through `@config` in src/styles.css.
export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  theme: {
    extend: {
      fontFamily: { sans: ['Helvetica', 'Arial', 'sans-serif'] },
      colors: {
        brand: { DEFAULT: '#0f3d5e', dark: '#0b2537', light: '#e6f0f7' },
        // Each with its badge text at >= 4.5:1 (role-badge.tsx): white, dark, white.
        badge: { admin: '#dc2626', merchant: '#c9a227', other: '#0f766e' },
      },
      height: { layout: 'calc(100vh - 68px)' },
    },
  },
};
