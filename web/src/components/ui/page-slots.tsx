import { createContext, useContext, type ReactNode } from 'react';

/**
 * Pieces that app/ composes into every page without features importing each other: the help
 * menu lives in features/help, yet any screen's PageLayout shows it.
 */
export interface PageSlots {
  helpMenu: ReactNode;
}

const PageSlotsContext = createContext<PageSlots>({ helpMenu: null });

export function PageSlotsProvider({ slots, children }: { slots: PageSlots; children: ReactNode }) {
  return <PageSlotsContext.Provider value={slots}>{children}</PageSlotsContext.Provider>;
}

export function usePageSlots(): PageSlots {
  return useContext(PageSlotsContext);
}
