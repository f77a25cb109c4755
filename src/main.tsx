import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { translationsReady } from './i18n/i18n';
import './styles.css';
import { App } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// Rendered once the strings are in the visit's language (at once in English; en-XA fetches its transformation).
void translationsReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
