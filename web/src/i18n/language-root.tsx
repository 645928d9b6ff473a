import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { currentLanguage, onLanguageChange } from './index';

/** Renders its children anew in the language just chosen (every t() reads the current one). */
export function LanguageRoot({ children }: { children: ReactNode }) {
  const [language, setLanguage] = useState(currentLanguage);
  useEffect(() => onLanguageChange(() => setLanguage(currentLanguage())), []);
  return <Fragment key={language}>{children}</Fragment>;
}
