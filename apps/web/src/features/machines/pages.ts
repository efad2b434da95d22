import type { ComponentType, LazyExoticComponent } from 'react';

/** The pages this feature provides for named routes of the route table (app/routes.ts), by route name. */
export const machinePages: Partial<Record<string, LazyExoticComponent<ComponentType>>> = {};
