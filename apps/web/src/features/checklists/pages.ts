import { lazy } from 'react';
import type { RoutePages } from '../../lib/routing/routes.ts';

/**
 * The pages this feature provides for named routes of the route table (lib/routing/routes.ts):
 * the Admin's checklist templates (CheckList licence), the list and the editor of one.
 */
export const checklistPages: RoutePages = {
  CheckLists: lazy(() => import('./components/TemplateList.tsx').then((m) => ({ default: m.TemplateList }))),
  CheckListEdit: lazy(() =>
    import('./components/TemplateEditor.tsx').then((m) => ({ default: m.TemplateEditPage })),
  ),
};
