import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Scheme } from '@/shared/theme';
import { browserLanguage, rememberLanguage, type Language } from '@/shared/i18n';

/** How totals are shown: converted into the ledger's base currency, or one section per currency. */
export type TotalsView = 'converted' | 'byCurrency';

// The little client state there is: theme and language (before sign-in they
// are the browser's; after, the user's stored preferences), the sidebar, and
// how totals are shown (one choice for every screen, kept on this device).
interface UIState {
  scheme: Scheme;
  language: Language;
  sidebarExpanded: boolean;
  totalsView: TotalsView;
  setScheme: (s: Scheme) => void;
  setLanguage: (l: Language) => void;
  toggleSidebar: () => void;
  setTotalsView: (v: TotalsView) => void;
}

const UIContext = createContext<UIState | null>(null);

function stored<T extends string>(key: string, allowed: readonly T[]): T | null {
  try {
    const v = localStorage.getItem(key);
    return allowed.includes(v as T) ? (v as T) : null;
  } catch {
    return null;
  }
}

function store(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // private mode: keep it in memory only
  }
}

export function UIProvider({ children, initialLanguage }: { children: ReactNode; initialLanguage?: Language }) {
  const [scheme, setSchemeState] = useState<Scheme>(() => stored('cc.scheme', ['light', 'dark'] as const) ?? 'light');
  const [language, setLanguageState] = useState<Language>(() => initialLanguage ?? browserLanguage());
  const [sidebarExpanded, setSidebar] = useState(() => stored('cc.sidebar', ['expanded', 'collapsed'] as const) !== 'collapsed');
  const [totalsView, setTotalsState] = useState<TotalsView>(() => stored('cc.totals', ['converted', 'byCurrency'] as const) ?? 'converted');
  const setScheme = useCallback((s: Scheme) => {
    setSchemeState(s);
    store('cc.scheme', s);
  }, []);
  const setLanguage = useCallback((l: Language) => {
    setLanguageState(l);
    rememberLanguage(l);
  }, []);
  const toggleSidebar = useCallback(() => {
    setSidebar((v) => {
      store('cc.sidebar', v ? 'collapsed' : 'expanded');
      return !v;
    });
  }, []);
  const setTotalsView = useCallback((v: TotalsView) => {
    setTotalsState(v);
    store('cc.totals', v);
  }, []);
  const value = useMemo(
    () => ({ scheme, language, sidebarExpanded, totalsView, setScheme, setLanguage, toggleSidebar, setTotalsView }),
    [scheme, language, sidebarExpanded, totalsView, setScheme, setLanguage, toggleSidebar, setTotalsView],
  );
  return <UIContext.Provider value={value}>{children}</UIContext.Provider>;
}

export function useUI(): UIState {
  const v = useContext(UIContext);
  if (!v) throw new Error('useUI outside UIProvider');
  return v;
}
