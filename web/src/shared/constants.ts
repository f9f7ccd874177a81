// The seed's business constants, as theme tokens.
export const breakpoints = { mobile: 576, tablet: 768, laptop: 992, desktop: 1200 } as const;
export const spacing = { xs: 8, sm: 16, md: 24, lg: 32, xl: 48 } as const;
export const fontSizes = { xs: 12, sm: 14, md: 16, lg: 20, xl: 32, xxl: 48, xxxl: 64 } as const;
export const navbarHeight = 80;
export const sidebarWidth = { collapsed: 65, expanded: 200 } as const;
export const iconSize = 22;
export const version = '1.0';
