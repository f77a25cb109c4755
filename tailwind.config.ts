// Theme tokens. Tailwind 4 reads them through `@config` in src/styles.css.
export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  theme: {
    extend: {
      fontFamily: { sans: ['Helvetica', 'Arial', 'sans-serif'] },
      colors: {
        brand: { DEFAULT: '#0f3d5e', dark: '#0b2537', light: '#e6f0f7' },
        badge: { admin: '#dc2626', merchant: '#c9a227', other: '#0d9488' },
      },
      height: { layout: 'calc(100vh - 68px)' },
    },
  },
};
